import { defineConfig } from 'vitest/config';

const ci = process.env.CI === 'true';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/engine', 'apps/server', 'apps/web', 'scripts'],
    reporters: ci ? ['default', ['json', { outputFile: process.env.VITEST_JSON_OUTPUT ?? '.ci-results/vitest.json' }]] : ['default'],
  },
});
