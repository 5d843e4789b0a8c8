/**
 * The bias audit (docs/fairness.md): `npm run fairness` scores the documented reference population with the prior
 * (or, with --model FILE, a model artifact as uploaded by the neuronet page), runs their work pair forecasts, writes
 * the markdown table and the JSON, and exits with 1 when the audit fails (an impact ratio of a work outcome below 0.8
 * whose interval does not reach 0.8, or an unjustified grade gap).
 *
 * Options: --size N (2000), --partners N (10), --bootstrap N (1000), --seed N (2026), --min-group N (30),
 * --out DIR (docs; writes fairness-audit.json and updates the table in DIR/fairness.md between its markers, else
 * writes fairness-audit.md), --model FILE.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { auditMarkdown } from '../apps/server/src/modules/fairness/audit-markdown.ts';
import { referenceAudit } from '../apps/server/src/modules/fairness/fairness.service.ts';
import { modelScorer, priorScorer, textsOfSteps, type ModelParameters } from '../apps/server/src/modules/scoring/scorer.ts';
import type { FeatureSpec } from '../apps/server/src/modules/scoring/features.ts';
import { shippedQuestionnaires } from '../apps/server/src/modules/questionnaires/shipped-questionnaires.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '2000' },
    partners: { type: 'string', default: '10' },
    bootstrap: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '2026' },
    'min-group': { type: 'string', default: '30' },
    out: { type: 'string', default: 'docs' },
    model: { type: 'string' },
  },
});

const steps = shippedQuestionnaires.find((questionnaire) => questionnaire.kind === 'standard')!.steps;
let scorer = priorScorer(textsOfSteps(steps));
if (values.model) {
  const artifact = JSON.parse(fs.readFileSync(values.model, 'utf8')) as { id: string; featureSpec: FeatureSpec; parameters: ModelParameters };
  scorer = modelScorer(artifact.id, artifact.featureSpec, artifact.parameters);
}
const audit = referenceAudit(steps, scorer, {
  size: Number(values.size),
  partnersPerPerson: Number(values.partners),
  bootstrap: Number(values.bootstrap),
  seed: Number(values.seed),
  minGroupSize: Number(values['min-group']),
});
const date = new Date().toISOString().slice(0, 10);
const markdown = auditMarkdown(audit, date);
fs.mkdirSync(values.out, { recursive: true });
fs.writeFileSync(path.join(values.out, 'fairness-audit.json'), `${JSON.stringify({ date, ...audit }, null, 2)}\n`);
const doc = path.join(values.out, 'fairness.md');
const BEGIN = '<!-- fairness-audit:begin -->';
const END = '<!-- fairness-audit:end -->';
const existing = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '';
if (existing.includes(BEGIN) && existing.includes(END)) {
  fs.writeFileSync(doc, `${existing.slice(0, existing.indexOf(BEGIN) + BEGIN.length)}\n${markdown}${existing.slice(existing.indexOf(END))}`);
} else fs.writeFileSync(path.join(values.out, 'fairness-audit.md'), markdown);
process.stdout.write(markdown);
process.exitCode = audit.passed ? 0 : 1;
