import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Each test file gets its own database; PGlite start-up is the slow part.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
