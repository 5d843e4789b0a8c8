import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAnswers, NO_ANSWER, type Answer } from '@teamcast/contracts';
import { checkTeam, compareScenes, DEFAULT_PARAMS, forecastPair, simulateScene, type Specialist } from '@teamcast/engine';
import { generateLabels, generatePeople } from '../demo/demo-data.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { enginePersonOf } from './engine-person.ts';
import { extractFeatures, featureSpecFromSteps } from './features.ts';
import { TYPICAL_ANSWERS } from './imputation.ts';
import { combineLabels } from './labels.ts';
import { gradeOf, scoresToVector } from './outputs.ts';
import { priorScore } from './prior.ts';
import { PROTECTED_NEURONS } from './protected-inputs.ts';
import { modelScorer, priorScorer, textsOfSpec, type Scorer } from './scorer.ts';
import { DEFAULT_TRAINING, trainModel } from './train.ts';
import { WORK_STYLE_NEURONS } from './work-style.ts';

const standard = shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps;
const spec = featureSpecFromSteps(standard);
const people = generatePeople(standard, 60, 27);

/** A small model trained on demo labels over the current features: the trained path, not only the prior. */
function trainedScorer(): Scorer {
  const ratings = generateLabels(people, 60, 27).map((label) => ({
    profileId: String(label.person),
    estimatorId: String(label.estimator),
    score: label.score,
    precise: label.precise,
  }));
  const { labels } = combineLabels(ratings);
  const ids = [...labels.keys()];
  const d = spec.columns.length;
  const data = {
    n: ids.length,
    d,
    features: new Float64Array(ids.length * d),
    labels: new Float64Array(ids.length * 3),
    prior: new Float64Array(ids.length * 3),
    groups: Int32Array.from(ids, (_, i) => i),
  };
  ids.forEach((id, row) => {
    const answers = people[Number(id)]!.answers;
    data.features.set(extractFeatures(spec, answers), row * d);
    data.labels.set(scoresToVector(labels.get(id)!), row * 3);
    data.prior.set(scoresToVector(priorScore(answers).scores), row * 3);
  });
  const trained = trainModel(data, { ...DEFAULT_TRAINING, epochs: 40 });
  return modelScorer('model', spec, { hidden: trained.hidden, params: trained.params, reference: trained.reference });
}

const scorers: Array<[string, Scorer]> = [
  ['prior', priorScorer(textsOfSpec(spec))],
  ['trained model', trainedScorer()],
];

/** Age, sex and family answers of a complete profile, following the questionnaire's visibility rules. */
const arbProtectedAnswers: fc.Arbitrary<Answer[]> = fc
  .record({
    gender: fc.constantFrom('М', 'Ж'),
    age: fc.integer({ min: 16, max: 80 }),
    studying: fc.constantFrom('Да', 'Нет'),
    service: fc.constantFrom('Нет', 'Срочная', 'Контракт', 'Силовые'),
    living: fc.constantFrom('Один', 'Партнёр', 'Родители', 'Друзья', NO_ANSWER),
    partnerYears: fc.integer({ min: 0, max: 40 }),
    partnerAge: fc.integer({ min: 18, max: 90 }),
    children: fc.integer({ min: 0, max: 5 }),
    childAges: fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 })),
    mother: fc.constantFrom('Жив', 'До_18', 'После_18', NO_ANSWER),
    father: fc.constantFrom('Жив', 'До_18', 'После_18', NO_ANSWER),
    siblings: fc.integer({ min: 0, max: 6 }),
    order: fc.constantFrom('Старший', 'Средний', 'Младший', NO_ANSWER),
    loss: fc.constantFrom('Нет', 'Родственник', 'Друг', NO_ANSWER),
  })
  .map((x) => [
    { neuron: 'С_Пол', value: x.gender },
    { neuron: 'С_Возр', value: x.age },
    ...(x.age < 25 ? [{ neuron: 'С_Учёба_Сейчас', value: x.studying }] : []),
    { neuron: 'С_Служба', value: x.service },
    { neuron: 'С_Проживание', value: x.living },
    ...(x.living === 'Партнёр'
      ? [
          { neuron: 'С_Партнёр_Стаж', value: x.partnerYears },
          { neuron: 'С_Партнёр_Возр', value: x.partnerAge },
        ]
      : []),
    { neuron: 'С_Дети', value: x.children },
    ...(x.children > 0 ? [{ neuron: 'С_Дети_Возр', value: [Math.min(...x.childAges), Math.max(...x.childAges)] }] : []),
    { neuron: 'С_Мать', value: x.mother },
    { neuron: 'С_Отец', value: x.father },
    { neuron: 'С_Сиблинги', value: x.siblings },
    ...(x.siblings > 0 ? [{ neuron: 'С_Сиблинг_Порядок', value: x.order }] : []),
    { neuron: 'С_Утрата', value: x.loss },
  ]);

/** A demo person's answers with other protected answers, checked as a complete questionnaire. */
function withProtected(answers: readonly Answer[], replaced: readonly Answer[]): Answer[] {
  const checked = checkAnswers(standard, [...answers.filter((answer) => !PROTECTED_NEURONS.has(answer.neuron)), ...replaced], { complete: true });
  if (!checked.ok) throw new Error(`not a complete profile: ${checked.issue.neuron} ${checked.issue.key}`);
  return checked.answers;
}

const valueOf = (answers: readonly Answer[], neuron: string) => answers.find((answer) => answer.neuron === neuron)?.value;

/** The real path: scoring, grade, the one engine-person function (the profile's age and gender columns come from the answers). */
function personOf(id: string, answers: readonly Answer[], scorer: Scorer): { scored: ReturnType<Scorer['score']>; person: Specialist } {
  const scored = scorer.score(answers);
  const person = enginePersonOf(
    { id, age: valueOf(answers, 'С_Возр') as number, gender: valueOf(answers, 'С_Пол') as 'М' | 'Ж', answers, ...scored.scores, grade: gradeOf(scored.scores) },
    'work',
  );
  return { scored, person };
}

/** Every work output of three people: K, P, L, completeness, grade, persons, a pair, a team check, a scene day and a comparison. */
function workOutputs(answers: ReadonlyArray<readonly Answer[]>, scorer: Scorer) {
  const scored = answers.map((list, i) => personOf(`p${i}`, list, scorer));
  const persons = scored.map((s) => s.person);
  const scene = {
    startDay: '2026-11-01',
    lifespan: 1 as const,
    actors: persons.map((p, i) => ({
      id: p.id,
      firstName: '',
      lastName: '',
      events: [{ type: i === 0 ? ('manager_join' as const) : ('join' as const), date: -30 * i, value: 0, timestamp: 0 }],
      interactionIntensive: persons.slice(i + 1).map((o) => ({ actorId: o.id, date: 0, value: 4 })),
      interactionType: persons.slice(i + 1).map((o) => ({ actorId: o.id, date: 0, value: i % 2 })),
    })),
    specialists: persons,
  };
  return {
    scores: scored.map((s) => ({ scores: s.scored.scores, completeness: s.scored.completeness, grade: gradeOf(s.scored.scores) })),
    persons,
    pair: forecastPair({ a: persons[0]!, b: persons[1]!, manager: persons[2]!, kind: 'work', startDay: '2026-11-01' }, undefined, { band: { samples: 8 } }),
    team: checkTeam(persons, { intensity: 6 }),
    scene: simulateScene(scene, { pairDetail: 'render', band: { samples: 2 } }),
    comparison: compareScenes([{ id: 'team', scene }]),
  };
}

describe('work outputs through scoring, the engine person and the engine', () => {
  for (const [name, scorer] of scorers) {
    it(`are bit-identical when only age, sex or family answers change (${name})`, () => {
      fc.assert(
        fc.property(
          fc.tuple(fc.nat(people.length - 1), fc.nat(people.length - 1), fc.nat(people.length - 1)),
          fc.tuple(arbProtectedAnswers, arbProtectedAnswers, arbProtectedAnswers),
          (picked, replaced) => {
            const base = picked.map((i) => people[i]!.answers);
            const changed = base.map((answers, i) => withProtected(answers, replaced[i]!));
            expect(workOutputs(changed, scorer)).toEqual(workOutputs(base, scorer));
          },
        ),
        { numRuns: 12 },
      );
    });
  }

  it('a love forecast of the same people may still read their ages and family (the personal use)', () => {
    const [a, b] = [people[0]!.answers, people[1]!.answers];
    const older = withProtected(b, [
      { neuron: 'С_Пол', value: 'М' },
      { neuron: 'С_Возр', value: 79 },
      { neuron: 'С_Служба', value: 'Нет' },
      { neuron: 'С_Проживание', value: 'Один' },
      { neuron: 'С_Дети', value: 0 },
      { neuron: 'С_Мать', value: 'Жив' },
      { neuron: 'С_Отец', value: 'Жив' },
      { neuron: 'С_Сиблинги', value: 0 },
      { neuron: 'С_Утрата', value: 'Нет' },
    ]);
    const love = (answers: readonly Answer[]) => {
      const scored = scorers[0]![1].score(answers);
      const profile = { answers, ...scored.scores, grade: gradeOf(scored.scores), gender: valueOf(answers, 'С_Пол') as 'М' | 'Ж' };
      return forecastPair({
        a: enginePersonOf({ ...profile, id: 'a', age: valueOf(a, 'С_Возр') as number, answers: a }, 'personal'),
        b: enginePersonOf({ ...profile, id: 'b', age: valueOf(answers, 'С_Возр') as number }, 'personal'),
        kind: 'LOVE',
      });
    };
    expect(love(older).outlook.settled).not.toBe(love(b).outlook.settled);
  });
});

describe('missing answers are not low answers', () => {
  const answered = (answer: Answer) => answer.value !== NO_ANSWER && !(Array.isArray(answer.value) && answer.value.includes(NO_ANSWER));
  const person = people.find((p) => p.answers.filter((answer) => !PROTECTED_NEURONS.has(answer.neuron)).every(answered))!.answers;
  const set = (answers: readonly Answer[], neuron: string, value: Answer['value']) =>
    answers.map((answer) => (answer.neuron === neuron ? { ...answer, value } : answer));

  for (const [name, scorer] of scorers) {
    it(`scores 'no answer' as the population's typical answer and lowers completeness (${name})`, () => {
      const typical = set(set(person, 'С_ВУЗ', TYPICAL_ANSWERS['С_ВУЗ']!), 'С_Курсы', TYPICAL_ANSWERS['С_Курсы']!);
      const withheld = set(set(person, 'С_ВУЗ', NO_ANSWER), 'С_Курсы', NO_ANSWER);
      const [full, missing] = [scorer.score(typical), scorer.score(withheld)];
      expect(missing.scores).toEqual(full.scores);
      expect(full.completeness).toBe(1);
      const shown = person.filter((answer) => !PROTECTED_NEURONS.has(answer.neuron) && !WORK_STYLE_NEURONS.has(answer.neuron)).length;
      expect(missing.completeness).toBeCloseTo((shown - 2) / shown, 12);
      expect(missing.completeness).toBeLessThan(full.completeness);
    });
  }

  it('no longer scores no answer as zero: a withheld university is worth the typical bachelor degree in the prior', () => {
    const none = priorScore(set(person, 'С_ВУЗ', 'Нет')).scores.competencies;
    const withheld = priorScore(set(person, 'С_ВУЗ', NO_ANSWER)).scores.competencies;
    expect(withheld - none).toBe(15);
  });
});

describe('work style: what the work forecast reads about a person', () => {
  const [a, b] = [people[2]!.answers, people[3]!.answers];
  const withoutBlock = (answers: readonly Answer[]) => answers.filter((answer) => !WORK_STYLE_NEURONS.has(answer.neuron));
  const person = (id: string, answers: readonly Answer[]) => personOf(id, answers, scorers[0]![1]).person;

  it('every demo person answers the whole block, and the work person carries it', () => {
    for (const p of people) expect(p.answers.filter((answer) => WORK_STYLE_NEURONS.has(answer.neuron))).toHaveLength(WORK_STYLE_NEURONS.size);
    const full = person('a', a);
    expect(Object.keys(full.workStyle ?? {}).sort()).toEqual(Object.keys(DEFAULT_PARAMS.kinds.work.style!.centre).sort());
    expect(full.completeness).toBe(1);
  });

  it('a profile answered before the block existed reads as the reference population, with lower completeness and a wider band', () => {
    const old = person('a', withoutBlock(a));
    expect(old.workStyle).toEqual({});
    expect(old.completeness).toBe(0.5);
    // Imputed: the same forecast as a person whose every scale is the population's centre.
    const centred = { ...old, workStyle: { ...DEFAULT_PARAMS.kinds.work.style!.centre }, completeness: 1 };
    const partner = person('b', b);
    const pointOf = (x: Specialist) => {
      const f = forecastPair({ a: x, b: partner, kind: 'work' });
      return { compatibility: f.compatibility, daily: f.daily, recommendation: f.recommendation };
    };
    expect(pointOf(old)).toEqual(pointOf(centred));
    // The people's own uncertainty only (no parameter draws, no pair residual), at the same point forecast: the
    // unanswered scales are drawn from the population's spread, and K, P, L's error widens with the completeness.
    const own = { ...DEFAULT_PARAMS, band: { ...DEFAULT_PARAMS.band, parameterUncertainty: false, residual: { startSd: 0, yearSd: 0 } } };
    const width = (x: Specialist) => {
      const band = forecastPair({ a: x, b: partner, kind: 'work' }, own, { band: { samples: 200 } }).band!.compatibility;
      return band.p90 - band.p10;
    };
    expect(width(old)).toBeGreaterThan(width(centred) * 1.3);
  });

  it('moves a work forecast with the work-style answers, not with the career record', () => {
    const set = (answers: readonly Answer[], values: Record<string, number>) =>
      answers.map((answer) => (answer.neuron in values ? { ...answer, value: values[answer.neuron]! } : answer));
    const all = (value: number) => Object.fromEntries([...WORK_STYLE_NEURONS].map((neuron) => [neuron, value]));
    const cooperative = set(a, { ...all(5), С_Стиль_Несогласие: 3, С_Стиль_Самостоятельность: 3 });
    const uncooperative = set(a, { ...all(1), С_Стиль_Несогласие: 5, С_Стиль_Самостоятельность: 5 });
    const partner = person('b', b);
    const compatibility = (answers: readonly Answer[]) => forecastPair({ a: person('a', answers), b: partner, kind: 'work' }).compatibility.value;
    expect(compatibility(cooperative)).toBeGreaterThan(compatibility(uncooperative) + 30);
    // Twenty more years of experience and management change the scores, not the work relationship's person effects.
    const veteran = set(cooperative, { С_Стаж: 40 });
    expect(person('a', veteran).p).not.toBe(person('a', cooperative).p);
    expect(Math.abs(compatibility(veteran) - compatibility(cooperative))).toBeLessThan(3);
  });
});
