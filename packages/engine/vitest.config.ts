import { defineProject } from 'vitest/config';

export default defineProject({
  // Property tests run many simulations; the machine is shared, so allow for load rather than flake.
  test: { name: 'engine', include: ['src/**/*.test.ts'], testTimeout: 120_000, setupFiles: ['src/test-support/property-seed.ts'] },
});
