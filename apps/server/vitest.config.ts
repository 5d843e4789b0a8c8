import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../packages/engine/src/test-support/property-seed.ts', 'src/test/setup.ts'],
    // Each test file gets its own database; PGlite start-up is the slow part. The limits are generous on purpose: a test
    // fails when something never happens, not when a busy 2-core machine (two test workers, password hashes at 128 MiB
    // each) makes it slow (issue 31). Tests that wait on child processes set their own, longer limits.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
