import { defineProject } from 'vitest/config';

export default defineProject({
  // Repository-wide checks: the lint rules themselves, shown catching planted violations.
  test: { name: 'scripts', include: ['*.test.ts'], testTimeout: 120_000 },
});
