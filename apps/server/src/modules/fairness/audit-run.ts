import { DEFAULT_INTENSITY, type Answer, type BiasAudit } from '@teamcast/contracts';
import { forecastPair } from '@teamcast/engine';
import { enginePersonOf } from '../scoring/engine-person.ts';
import { gradeOf, reachesMiddle, OUTPUTS } from '../scoring/outputs.ts';
import { createRng } from '../scoring/rng.ts';
import type { Scorer } from '../scoring/scorer.ts';
import { auditFindings, biasAuditGroups, type AuditSubject } from './bias-audit.ts';
import type { AgeBand, FamilyStatus, Sex } from './reference-population.ts';

/** A person the audit scores: answers in the stored profile format and protected attributes (null when unknown). */
export type AuditPerson = { id: string; answers: Answer[]; sex: Sex | null; age: number | null; ageBand: AgeBand | null; family: FamilyStatus | null };

export type AuditRunOptions = { population: BiasAudit['population']; seed: number; partnersPerPerson: number; minGroupSize: number; bootstrap: number };

/** Work pairs run as an owner runs them by default: office, the default weekly hours, no manager, a fixed start day. */
const PAIR_SETTINGS = { kind: 'work' as const, mode: 0 as const, intensity: DEFAULT_INTENSITY, manager: null, startDay: '2026-01-05' };

/**
 * The bias audit of a scorer over a population, through the real scoring and forecast path: each person is scored
 * (K, P, L, grade) as a stored profile would be, turned into the engine's person by the one function pairs and scenes use (`enginePersonOf`, work use),
 * and paired with `partnersPerPerson` partners drawn from the others (seeded); every pair runs the work forecast.
 */
export function runBiasAudit(scorer: Scorer, people: readonly AuditPerson[], options: AuditRunOptions): BiasAudit {
  const scored = people.map((person) => {
    const { scores, explanation } = scorer.score(person.answers);
    const grade = gradeOf(scores);
    const points = new Map<string, number>();
    for (const output of OUTPUTS) for (const item of explanation[output]) points.set(item.neuron, (points.get(item.neuron) ?? 0) + item.points / 3);
    const specialist = enginePersonOf({ id: person.id, age: person.age, gender: person.sex, answers: person.answers, ...scores, grade }, 'work');
    return { person, grade, points, specialist };
  });
  const rng = createRng(options.seed ^ 0x9a125);
  const subjects: AuditSubject[] = scored.map((entry, index) => {
    const pairs: AuditSubject['pairs'] = [];
    if (scored.length > 1) {
      for (let k = 0; k < options.partnersPerPerson; k++) {
        let partner = rng.int(scored.length - 1);
        if (partner >= index) partner += 1;
        const forecast = forecastPair({ ...PAIR_SETTINGS, a: entry.specialist, b: scored[partner]!.specialist });
        pairs.push({ compatibility: forecast.compatibility.value, level: forecast.recommendation });
      }
    }
    return {
      sex: entry.person.sex,
      ageBand: entry.person.ageBand,
      family: entry.person.family,
      gradeMiddle: reachesMiddle(entry.grade),
      pairs,
      points: entry.points,
    };
  });
  const groups = biasAuditGroups(subjects, options);
  const findings = auditFindings(subjects, groups);
  const failures = findings.filter((finding) => !finding.justified);
  return {
    population: options.population,
    modelId: scorer.modelId,
    seed: options.seed,
    size: people.length,
    partnersPerPerson: options.partnersPerPerson,
    minGroupSize: options.minGroupSize,
    bootstrap: options.bootstrap,
    groups,
    failures,
    justified: findings.filter((finding) => finding.justified),
    passed: failures.length === 0,
  };
}
