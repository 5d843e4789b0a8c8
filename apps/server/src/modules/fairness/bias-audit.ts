import { AUDIT_OUTCOMES, type AuditDimension, type AuditFinding, type AuditGroup, type AuditOutcome, type ImpactRatio } from '@teamcast/contracts';
import { createRng } from '../scoring/rng.ts';
import { AGE_BANDS, FAMILY_STATUSES, type AgeBand, type FamilyStatus, type Sex } from './reference-population.ts';

/** The four-fifths rule: an impact ratio below this is adverse impact. */
export const FOUR_FIFTHS = 0.8;
/** Recommendation level each levelK outcome asks for (level K or higher). */
export const LEVEL_OF: Partial<Record<AuditOutcome, number>> = { level2: 2, level3: 3, level4: 4, level5: 5, level6: 6 };

/**
 * Inputs that measure what a person has done at work or learnt for it (docs/fairness.md, 'Job-related inputs'). A
 * grade gap the audit traces to one of them is reported as justified; to any other input it fails the audit.
 */
export const JOB_RELATED_INPUTS: ReadonlySet<string> = new Set([
  'С_Стаж',
  'С_Руков_Стаж',
  'С_Подчинённые',
  'С_ВУЗ',
  'С_Степень',
  'С_Колледж',
  'С_Курсы',
  'С_Языки',
  'С_Переводчик',
  'С_Бизнес',
  'С_Бизнес_Лет',
]);
/** Inputs that carry age, sex or family status (uniformed service carries sex through conscription). */
export const PROTECTED_INPUTS: ReadonlySet<string> = new Set([
  'С_Возр',
  'С_Пол',
  'С_Проживание',
  'С_Партнёр_Стаж',
  'С_Партнёр_Возр',
  'С_Дети',
  'С_Дети_Возр',
  'С_Служба',
]);
/** A protected input separating two groups by more than this many overall points names the gap, whatever else does. */
export const PROTECTED_GAP_POINTS = 0.5;

/** One audited person: protected attributes (null when unknown), the grade outcome, work pairs and explanation points. */
export type AuditSubject = {
  sex: Sex | null;
  ageBand: AgeBand | null;
  family: FamilyStatus | null;
  gradeMiddle: boolean;
  /** Compatibility (−100..100) and recommendation level of each of his work pairs. */
  pairs: { compatibility: number; level: number }[];
  /** Points each input added to the overall score (mean of K, P, L), from the scorer's explanation. */
  points: ReadonlyMap<string, number>;
};

export type AuditOptions = { minGroupSize: number; bootstrap: number; seed: number };

const GOOD = 20;

/** The person's rate of an outcome: the share of his pairs with it, or 0/1 for the grade. */
function personRate(subject: AuditSubject, outcome: AuditOutcome): number {
  if (outcome === 'gradeMiddle') return subject.gradeMiddle ? 1 : 0;
  if (subject.pairs.length === 0) return 0;
  const level = LEVEL_OF[outcome];
  const hits = subject.pairs.filter((pair) => (level === undefined ? pair.compatibility >= GOOD : pair.level >= level)).length;
  return hits / subject.pairs.length;
}

type Grouping = { dimension: AuditDimension; groups: readonly string[]; of: (subject: AuditSubject) => string | null };

const GROUPINGS: readonly Grouping[] = [
  { dimension: 'sex', groups: ['М', 'Ж'], of: (s) => s.sex },
  { dimension: 'age', groups: AGE_BANDS, of: (s) => s.ageBand },
  { dimension: 'family', groups: FAMILY_STATUSES, of: (s) => s.family },
  {
    dimension: 'sexAge',
    groups: (['М', 'Ж'] as const).flatMap((sex) => AGE_BANDS.map((band) => `${sex} ${band}`)),
    of: (s) => (s.sex && s.ageBand ? `${s.sex} ${s.ageBand}` : null),
  },
];

const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Percentile by linear interpolation over sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const lower = Math.floor(at);
  const upper = Math.min(sorted.length - 1, lower + 1);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (at - lower);
}

/**
 * Rates, mean compatibility and impact ratios per group of each dimension. The impact ratio of a group is its rate
 * over the highest rate among assessed groups (at least minGroupSize people); null when no assessed group has the
 * outcome at all. The 95 % interval is a percentile bootstrap resampling people within each group (seeded).
 */
export function biasAuditGroups(subjects: readonly AuditSubject[], options: AuditOptions): AuditGroup[] {
  const rng = createRng(options.seed ^ 0xb007);
  const result: AuditGroup[] = [];
  for (const grouping of GROUPINGS) {
    const members = grouping.groups.map((group) => subjects.filter((subject) => grouping.of(subject) === group));
    const assessed = members.map((list) => list.length >= options.minGroupSize);
    const comparisons = Math.max(1, assessed.filter(Boolean).length - 1);
    const rates = members.map(
      (list) => Object.fromEntries(AUDIT_OUTCOMES.map((outcome) => [outcome, mean(list.map((s) => personRate(s, outcome)))])) as Record<AuditOutcome, number>,
    );
    // Per-person rates, so a bootstrap replicate is a resample of indices.
    const personRates = members.map((list) => AUDIT_OUTCOMES.map((outcome) => list.map((s) => personRate(s, outcome))));
    const replicates = members.map(() => AUDIT_OUTCOMES.map(() => [] as number[]));
    for (let b = 0; b < options.bootstrap; b++) {
      const sample = members.map((list) => Array.from({ length: list.length }, () => rng.int(list.length)));
      AUDIT_OUTCOMES.forEach((_, k) => {
        const groupRates = members.map((list, g) => (list.length ? mean(sample[g]!.map((i) => personRates[g]![k]![i]!)) : 0));
        const highest = Math.max(0, ...groupRates.filter((_, g) => assessed[g]));
        groupRates.forEach((rate, g) => {
          if (assessed[g]) replicates[g]![k]!.push(highest > 0 ? rate / highest : 1);
        });
      });
    }
    grouping.groups.forEach((group, g) => {
      const list = members[g]!;
      const ratios = {} as Record<AuditOutcome, ImpactRatio>;
      AUDIT_OUTCOMES.forEach((outcome, k) => {
        const highest = Math.max(0, ...rates.filter((_, i) => assessed[i]).map((r) => r[outcome]));
        if (!assessed[g] || highest === 0) {
          ratios[outcome] = { ratio: null, low: null, high: null };
          return;
        }
        // A family-wise 95 % interval: each of the dimension's groups is compared with the best one, so the 5 % is
        // shared among those comparisons (Bonferroni); otherwise, with many groups, a group of a model that cannot tell
        // groups apart is found below the bar by chance alone.
        const tail = 0.025 / comparisons;
        const sorted = [...replicates[g]![k]!].sort((a, b) => a - b);
        ratios[outcome] = { ratio: round(rates[g]![outcome] / highest), low: round(percentile(sorted, tail)), high: round(percentile(sorted, 1 - tail)) };
      });
      const pairs = list.flatMap((s) => s.pairs);
      result.push({
        dimension: grouping.dimension,
        group,
        n: list.length,
        pairs: pairs.length,
        assessed: assessed[g]!,
        meanCompatibility: pairs.length ? round(mean(pairs.map((pair) => pair.compatibility)), 2) : null,
        rates: Object.fromEntries(AUDIT_OUTCOMES.map((outcome) => [outcome, round(rates[g]![outcome])])) as Record<AuditOutcome, number>,
        ratios,
      });
    });
  }
  return result;
}

/**
 * The input responsible for a grade gap, from the mean explanation points of the highest group and this one: a
 * protected input separating them by more than PROTECTED_GAP_POINTS, else the input with the largest positive gap.
 */
function separatingInput(subjects: readonly AuditSubject[], grouping: Grouping, group: string, best: string): string | null {
  const meanPoints = (name: string) => {
    const list = subjects.filter((s) => grouping.of(s) === name);
    const totals = new Map<string, number>();
    for (const s of list) for (const [neuron, points] of s.points) totals.set(neuron, (totals.get(neuron) ?? 0) + points);
    return new Map([...totals].map(([neuron, total]) => [neuron, total / Math.max(1, list.length)]));
  };
  const ours = meanPoints(group);
  const theirs = meanPoints(best);
  const gaps = [...new Set([...ours.keys(), ...theirs.keys()])]
    .map((neuron) => ({ neuron, gap: (theirs.get(neuron) ?? 0) - (ours.get(neuron) ?? 0) }))
    .filter((entry) => entry.gap > 0)
    .sort((a, b) => b.gap - a.gap);
  const protectedGap = gaps.find((entry) => PROTECTED_INPUTS.has(entry.neuron) && entry.gap > PROTECTED_GAP_POINTS);
  return (protectedGap ?? gaps[0])?.neuron ?? null;
}

/** Whether a ratio is adverse impact: below 0.8 and its interval does not reach 0.8. */
export const isAdverse = (ratio: ImpactRatio) => ratio.ratio !== null && ratio.high !== null && ratio.ratio < FOUR_FIFTHS && ratio.high < FOUR_FIFTHS;

/** Findings of the audit: every adverse ratio; grade findings name the separating input and are justified when it is job-related. */
export function auditFindings(subjects: readonly AuditSubject[], groups: readonly AuditGroup[]): AuditFinding[] {
  const findings: AuditFinding[] = [];
  for (const group of groups) {
    for (const outcome of AUDIT_OUTCOMES) {
      const ratio = group.ratios[outcome];
      if (!isAdverse(ratio)) continue;
      let input: string | null = null;
      if (outcome === 'gradeMiddle') {
        const grouping = GROUPINGS.find((g) => g.dimension === group.dimension)!;
        const best = groups.filter((g) => g.dimension === group.dimension && g.assessed).reduce((a, b) => (b.rates.gradeMiddle > a.rates.gradeMiddle ? b : a));
        input = separatingInput(subjects, grouping, group.group, best.group);
      }
      findings.push({
        dimension: group.dimension,
        group: group.group,
        outcome,
        ratio: ratio.ratio!,
        low: ratio.low!,
        high: ratio.high!,
        input,
        justified: outcome === 'gradeMiddle' && input !== null && JOB_RELATED_INPUTS.has(input),
      });
    }
  }
  return findings;
}
