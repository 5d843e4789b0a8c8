import { AUDIT_OUTCOMES, type AuditFinding, type BiasAudit, type ImpactRatio } from '@teamcast/contracts';

const OUTCOME_TITLES: Record<(typeof AUDIT_OUTCOMES)[number], string> = {
  workGood: 'work good+',
  level2: 'level ≥2',
  level3: 'level ≥3',
  level4: 'level ≥4',
  level5: 'level ≥5',
  level6: 'level ≥6',
  gradeMiddle: 'grade ≥ MIDDLE',
};
const DIMENSION_TITLES = { sex: 'sex', age: 'age band', family: 'family status', sexAge: 'sex × age band' } as const;

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const fixed = (value: number | null) => (value === null ? '–' : value.toFixed(2));
const ratioCell = (ratio: ImpactRatio) =>
  ratio.ratio === null ? '–' : `${fixed(ratio.ratio)} [${fixed(ratio.low)}–${fixed(ratio.high)}]${ratio.ratio < 0.8 ? ' ⚠' : ''}`;
const findingLine = (finding: AuditFinding) =>
  `- ${DIMENSION_TITLES[finding.dimension]} ${finding.group}, ${OUTCOME_TITLES[finding.outcome]}: impact ratio ${fixed(finding.ratio)} [${fixed(finding.low)}–${fixed(finding.high)}]${finding.input ? `; separating input ${finding.input}${finding.justified ? ' (job-related)' : ''}` : ''}`;

/** The audit as a markdown summary: settings, one table of rates and impact ratios (95 % interval) per group, findings. */
export function auditMarkdown(audit: BiasAudit, date: string): string {
  const lines = [
    `Audit of ${date}: ${audit.population} population, ${audit.size} people, ${audit.partnersPerPerson} work pairs each, scored by ${audit.modelId ?? 'the prior'}; seed ${audit.seed}, ${audit.bootstrap} bootstrap samples, groups of fewer than ${audit.minGroupSize} people not rated. Result: **${audit.passed ? 'passed' : 'failed'}**.`,
    '',
    `| group | n | mean compatibility | ${AUDIT_OUTCOMES.map((outcome) => `${OUTCOME_TITLES[outcome]}: rate, impact ratio [95 %]`).join(' | ')} |`,
    `|---|---|---|${AUDIT_OUTCOMES.map(() => '---').join('|')}|`,
    ...audit.groups.map(
      (group) =>
        `| ${DIMENSION_TITLES[group.dimension]}: ${group.group} | ${group.n} | ${group.meanCompatibility === null ? '–' : group.meanCompatibility.toFixed(1)} | ${AUDIT_OUTCOMES.map((outcome) => `${percent(group.rates[outcome])}, ${ratioCell(group.ratios[outcome])}`).join(' | ')} |`,
    ),
    '',
    audit.failures.length ? '**Adverse impact (fails the audit):**' : 'No adverse impact that fails the audit.',
    ...audit.failures.map(findingLine),
  ];
  if (audit.justified.length) lines.push('', 'Grade gaps traced to a job-related input (reported, do not fail):', ...audit.justified.map(findingLine));
  return `${lines.join('\n')}\n`;
}
