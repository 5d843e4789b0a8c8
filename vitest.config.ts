import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const ci = process.env.CI === 'true';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/engine', 'apps/server', 'apps/web', 'scripts'],
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, so every test file ran in
    // turn while server files mostly waited on child processes and the database. Two at least (issue 31: CI time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ci ? ['default', ['json', { outputFile: process.env.VITEST_JSON_OUTPUT ?? '.ci-results/vitest.json' }]] : ['default'],
  },
});
