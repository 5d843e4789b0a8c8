/** Writes docs/plans.md from the capability table (packages/contracts/src/plans-doc.ts). */
import { writeFileSync } from 'node:fs';
import { renderPlansDoc } from '../packages/contracts/src/plans-doc.ts';

writeFileSync(new URL('../docs/plans.md', import.meta.url), renderPlansDoc());
console.log('docs/plans.md written');
