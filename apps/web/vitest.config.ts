import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Screen tests render whole pages; on a busy 2-core machine (two test workers, issue 31) the 5 s default is far too
    // tight: a test fails when its state never comes, not when it comes slowly.
    testTimeout: 120_000,
    setupFiles: ['../../packages/engine/src/test-support/property-seed.ts', 'src/test/setup.ts'],
  },
});
