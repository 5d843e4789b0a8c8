import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { renderPlansDoc } from '@teamcast/contracts';

it('docs/plans.md is what the capability table renders (run `npm run docs:plans` after changing the table)', () => {
  const file = readFileSync(new URL('../../../docs/plans.md', import.meta.url), 'utf8');
  expect(file).toBe(renderPlansDoc());
});
