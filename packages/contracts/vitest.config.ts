import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'contracts', include: ['src/**/*.test.ts'], setupFiles: ['../engine/src/test-support/property-seed.ts'] },
});
