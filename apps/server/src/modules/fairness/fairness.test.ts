import { describe, expect, it } from 'vitest';
import { NO_ANSWER, type BiasAudit } from '@teamcast/contracts';
import { priorScorer, textsOfSteps } from '../scoring/scorer.ts';
import { auditFindings, biasAuditGroups, type AuditSubject } from './bias-audit.ts';
import { estimatorLabelBias } from './estimator-bias.ts';
import { gateRefusal, referenceAudit, referenceSteps } from './fairness.service.ts';
import { AGE_BAND_SHARES, AGE_BANDS, referencePopulation } from './reference-population.ts';

const steps = referenceSteps();
const options = { minGroupSize: 30, bootstrap: 300, seed: 7 };

function subject(partial: Partial<AuditSubject>, good: number, of = 10): AuditSubject {
  return {
    sex: 'М',
    ageBand: '36–50',
    family: 'partner',
    gradeMiddle: true,
    pairs: Array.from({ length: of }, (_, i) => ({ compatibility: i < good ? 30 : 0, level: i < good ? 5 : 3 })),
    points: new Map(),
    ...partial,
  };
}

describe('reference population', () => {
  it('is the same for the same seed and follows the stated shares of sex and age band', () => {
    const people = referencePopulation(steps, 2000, 11);
    expect(referencePopulation(steps, 50, 11)).toEqual(people.slice(0, 50));
    expect(referencePopulation(steps, 50, 12)).not.toEqual(people.slice(0, 50));
    expect(Math.abs(people.filter((p) => p.sex === 'Ж').length / 2000 - 0.5)).toBeLessThan(0.03);
    for (const band of AGE_BANDS) expect(Math.abs(people.filter((p) => p.ageBand === band).length / 2000 - AGE_BAND_SHARES[band].share)).toBeLessThan(0.03);
  });

  it('gives complete answers with experience consistent with age and family status matching the answers', () => {
    for (const person of referencePopulation(steps, 300, 3)) {
      const answers = new Map(person.answers.map((answer) => [answer.neuron, answer.value]));
      expect([...answers.values()].flat()).not.toContain(NO_ANSWER);
      expect(answers.get('С_Возр')).toBe(person.age);
      expect(answers.get('С_Пол')).toBe(person.sex);
      expect(answers.get('С_Стаж') as number).toBeLessThanOrEqual(person.age - 18);
      expect(person.family.startsWith('partner')).toBe(answers.get('С_Проживание') === 'Партнёр');
      expect(person.family === 'partner_children' || person.family === 'single_parent').toBe((answers.get('С_Дети') as number) > 0);
    }
  });
});

describe('bias audit', () => {
  const subjects = [
    ...Array.from({ length: 60 }, () => subject({ sex: 'М' }, 5)),
    ...Array.from({ length: 60 }, (_, i) => subject({ sex: 'Ж' }, i % 2 === 0 ? 2 : 1)),
  ];

  it('reports rates, impact ratios against the highest group and a reproducible bootstrap interval', () => {
    const groups = biasAuditGroups(subjects, options);
    const women = groups.find((g) => g.dimension === 'sex' && g.group === 'Ж')!;
    const men = groups.find((g) => g.dimension === 'sex' && g.group === 'М')!;
    expect(men.rates.workGood).toBe(0.5);
    expect(women.rates.workGood).toBe(0.15);
    expect(women.ratios.workGood.ratio).toBe(0.3);
    expect(women.ratios.workGood.high).toBeLessThan(0.8);
    expect(women.ratios.workGood.low).toBeLessThanOrEqual(0.3);
    expect(men.ratios.workGood).toEqual({ ratio: 1, low: 1, high: 1 });
    expect(women.meanCompatibility).toBeCloseTo(4.5, 6);
    expect(biasAuditGroups(subjects, options)).toEqual(groups);
    // Groups below the minimum size are listed without ratios.
    expect(groups.find((g) => g.dimension === 'age' && g.group === '≤25')).toMatchObject({ n: 0, assessed: false, ratios: { workGood: { ratio: null } } });
  });

  it('fails work outcomes below the bar and names the input behind a grade gap: job-related is justified, protected is not', () => {
    const graded = [
      ...Array.from({ length: 40 }, () =>
        subject(
          {
            ageBand: '36–50',
            points: new Map([
              ['С_Стаж', 20],
              ['С_Возр', 9],
            ]),
          },
          5,
        ),
      ),
      ...Array.from({ length: 40 }, () =>
        subject(
          {
            ageBand: '≤25',
            gradeMiddle: false,
            points: new Map([
              ['С_Стаж', 2],
              ['С_Возр', 9],
            ]),
          },
          5,
        ),
      ),
      ...Array.from({ length: 40 }, () =>
        subject(
          {
            ageBand: '51+',
            points: new Map([
              ['С_Стаж', 20],
              ['С_Возр', 9],
            ]),
          },
          5,
        ),
      ),
      ...Array.from({ length: 40 }, () =>
        subject(
          {
            ageBand: '26–35',
            gradeMiddle: false,
            points: new Map([
              ['С_Стаж', 19],
              ['С_Возр', 1],
            ]),
          },
          5,
        ),
      ),
    ];
    const findings = auditFindings(graded, biasAuditGroups(graded, options)).filter((f) => f.dimension === 'age');
    expect(findings.map((f) => [f.group, f.outcome, f.input, f.justified])).toEqual([
      ['≤25', 'gradeMiddle', 'С_Стаж', true],
      ['26–35', 'gradeMiddle', 'С_Возр', false],
    ]);
    const work = auditFindings(subjects, biasAuditGroups(subjects, options));
    expect(work.filter((f) => f.dimension === 'sex').map((f) => f.outcome)).toEqual(['workGood', 'level4', 'level5']);
  });

  it('runs the real scoring and forecast path over the reference population, the same for the same seed', () => {
    const scorer = priorScorer(textsOfSteps(steps));
    const settings = { size: 120, partnersPerPerson: 4, bootstrap: 50, seed: 5, minGroupSize: 10 };
    const audit = referenceAudit(steps, scorer, settings);
    expect(audit.groups.map((g) => g.dimension)).toEqual(expect.arrayContaining(['sex', 'age', 'family', 'sexAge']));
    expect(audit.groups.filter((g) => g.dimension === 'sex').reduce((sum, g) => sum + g.n, 0)).toBe(120);
    expect(audit.groups.find((g) => g.dimension === 'sex')!.pairs).toBe(4 * audit.groups.find((g) => g.dimension === 'sex')!.n);
    expect(audit.passed).toBe(audit.failures.length === 0);
    expect(referenceAudit(steps, scorer, settings)).toEqual(audit);
  });
});

describe('estimator label bias', () => {
  it('flags the estimator whose ratings track age beyond what experience explains, not the ones following experience', () => {
    const people = new Map(Array.from({ length: 40 }, (_, i) => [`p${i}`, { age: 20 + i, experience: Math.max(0, i - 2 - (i % 7) * 2) }]));
    const ratings = [...people].flatMap(([profileId, person], i) => [
      { profileId, estimatorId: 'fair', score: 30 + person.experience + (i % 3), precise: null },
      { profileId, estimatorId: 'ageist', score: 30 + person.experience + (person.age - 40) + (i % 3), precise: null },
    ]);
    const report = estimatorLabelBias(ratings, people, new Map([['ageist', 'Олег']]));
    const ageist = report.find((r) => r.estimatorId === 'ageist')!;
    expect(ageist).toMatchObject({ name: 'Олег', labels: 40, flagged: true });
    expect(ageist.partialAgeCorrelation!).toBeGreaterThan(0.5);
    const fair = report.find((r) => r.estimatorId === 'fair')!;
    expect(fair.ageCorrelation!).toBeGreaterThan(0.8);
    expect(fair.flagged).toBe(false);
  });
});

describe('publish gate', () => {
  const audit = (workGood: number | null, passed: boolean): BiasAudit => ({
    population: 'reference',
    modelId: null,
    seed: 1,
    size: 100,
    partnersPerPerson: 1,
    minGroupSize: 30,
    bootstrap: 10,
    groups: [
      {
        dimension: 'age',
        group: '≤25',
        n: 50,
        pairs: 50,
        assessed: true,
        meanCompatibility: 0,
        rates: { workGood: 0.1, level2: 1, level3: 1, level4: 1, level5: 1, level6: 1, gradeMiddle: 1 },
        ratios: {
          workGood: { ratio: workGood, low: workGood, high: workGood },
          level2: { ratio: 1, low: 1, high: 1 },
          level3: { ratio: 1, low: 1, high: 1 },
          level4: { ratio: 1, low: 1, high: 1 },
          level5: { ratio: 1, low: 1, high: 1 },
          level6: { ratio: 1, low: 1, high: 1 },
          gradeMiddle: { ratio: 1, low: 1, high: 1 },
        },
      },
    ],
    failures: passed ? [] : [{ dimension: 'age', group: '≤25', outcome: 'workGood', ratio: workGood!, low: 0.2, high: 0.5, input: null, justified: false }],
    justified: [],
    passed,
  });

  it('refuses a failing candidate naming the group and ratio, and a candidate worse than the published model', () => {
    expect(gateRefusal(audit(0.35, false), audit(0.9, true))).toMatchObject({
      code: 'fairness_below_bar',
      params: { groupEn: 'age ≤25', groupRu: 'возраст ≤25', ratio: '0.35', low: '0.20', high: '0.50' },
    });
    expect(gateRefusal(audit(0.84, true), audit(0.95, true))).toMatchObject({
      code: 'fairness_worse_than_published',
      params: { ratio: '0.84', published: '0.95' },
    });
    expect(gateRefusal(audit(0.92, true), audit(0.95, true))).toBeNull();
  });
});
