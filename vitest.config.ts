import { defineConfig } from 'vitest/config';

const ci = process.env.CI === 'true';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/engine', 'apps/server', 'apps/web'],
    reporters: ci ? ['default', ['json', { outputFile: '.ci-results/vitest.json' }]] : ['default'],
  },
});
