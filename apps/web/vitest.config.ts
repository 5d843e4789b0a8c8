import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Screen tests render whole pages; on a busy 2-core machine the 5 s default is too tight.
    testTimeout: 20_000,
    setupFiles: ['src/test/setup.ts'],
  },
});
