import { describe, expect, it } from 'vitest';
import { NO_ANSWER, type Answer } from '@teamcast/contracts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { generateLabels, generatePeople } from '../demo/demo-data.ts';
import { WORK_STYLE_NEURONS } from './work-style.ts';
import { extractFeatures, FEATURE_FORMAT, featureSpecFromSteps, isCurrentFeatureSpec } from './features.ts';
import { combineLabels } from './labels.ts';
import { meanMae } from './metrics.ts';
import { createNetwork, inputGradient, integratedGradient, lossAndGradient, predict } from './mlp.ts';
import { gradeOfOverall, scoresToVector } from './outputs.ts';
import { priorScore } from './prior.ts';
import { PROTECTED_NEURONS } from './protected-inputs.ts';
import { createRng } from './rng.ts';
import { DEFAULT_TRAINING, trainModel, type TrainingData } from './train.ts';

const standard = shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps;
const spec = featureSpecFromSteps(standard);
const column = (name: string) => spec.columns.indexOf(name);

function dataset(count: number, labelled: number, seed: number): TrainingData {
  const people = generatePeople(standard, count, seed);
  const ratings = generateLabels(people, labelled, seed).map((label) => ({
    profileId: String(label.person),
    estimatorId: String(label.estimator),
    score: label.score,
    precise: label.precise,
  }));
  const { labels } = combineLabels(ratings);
  const ids = [...labels.keys()];
  const d = spec.columns.length;
  const features = new Float64Array(ids.length * d);
  const y = new Float64Array(ids.length * 3);
  const prior = new Float64Array(ids.length * 3);
  ids.forEach((id, row) => {
    const person = people[Number(id)]!;
    features.set(extractFeatures(spec, person.answers), row * d);
    y.set(scoresToVector(labels.get(id)!), row * 3);
    prior.set(scoresToVector(priorScore(person.answers).scores), row * 3);
  });
  return { n: ids.length, d, features, labels: y, prior, groups: Int32Array.from(ids, (_, i) => i) };
}

describe('feature extraction', () => {
  it('scales numbers by the question bounds, one-hot encodes choices, keeps sets, imputes no answer and marks missing answers', () => {
    const answers: Answer[] = [
      { neuron: 'С_Школа_Кол', value: 4 },
      { neuron: 'С_ВУЗ', value: 'Магистр' },
      { neuron: 'С_Языки', value: ['Русский', 'Английский'] },
      { neuron: 'С_Колледж', value: NO_ANSWER },
    ];
    const x = extractFeatures(spec, answers);
    expect(x).toHaveLength(spec.columns.length);
    expect(x[column('С_Школа_Кол')]).toBeCloseTo((4 - 1) / (10 - 1));
    expect(x[column('С_Школа_Кол:missing')]).toBe(0);
    expect(x[column('С_ВУЗ=Магистр')]).toBe(1);
    expect(x[column('С_ВУЗ=Бакалавр')]).toBe(0);
    expect(x[column('С_Языки=Русский')]).toBe(1);
    expect(x[column('С_Языки=Английский')]).toBe(1);
    expect(x[column('С_Языки=Немецкий')]).toBe(0);
    // 'No answer' reads as the reference population's typical answer (college: no), not as an answer of its own.
    expect(x[column(`С_Колледж=${NO_ANSWER}`)]).toBe(0);
    expect(x[column('С_Колледж=Нет')]).toBe(1);
    expect(x[column('С_Колледж:missing')]).toBe(0);
    expect(x[column('С_Стаж')]).toBe(0);
    expect(x[column('С_Стаж:missing')]).toBe(1);
  });

  it('never uses age, sex, family answers or uniformed service, and versions the layout by its format and content', () => {
    const read = new Set(spec.features.map((def) => def.neuron));
    expect([...PROTECTED_NEURONS].filter((neuron) => read.has(neuron))).toEqual([]);
    expect(spec.columns.some((name) => name.startsWith('С_Пол') || name.startsWith('С_Возр') || name.startsWith('С_Дети') || name.startsWith('С_Служба'))).toBe(
      false,
    );
    expect(spec.format).toBe(FEATURE_FORMAT);
    expect(isCurrentFeatureSpec(spec)).toBe(true);
    // A layout stored before format 2 (no format, protected answers among its features) is refused.
    const { format: _format, ...old } = spec;
    expect(isCurrentFeatureSpec(old)).toBe(false);
    expect(
      isCurrentFeatureSpec({ ...spec, features: [...spec.features, { neuron: 'С_Возр', text: { ru: '', en: '' }, kind: 'number', min: 14, max: 90 }] }),
    ).toBe(false);
    // Format 3: the work-style block feeds work forecasts, not K, P, L; a format-2 layout is refused (train again).
    expect(spec.features.filter((def) => WORK_STYLE_NEURONS.has(def.neuron))).toEqual([]);
    expect(isCurrentFeatureSpec({ ...spec, format: 2 })).toBe(false);
    expect(
      isCurrentFeatureSpec({
        ...spec,
        features: [...spec.features, { neuron: 'С_Стиль_Помощь', text: { ru: '', en: '' }, kind: 'choice', options: ['1', '2', '3', '4', '5'] }],
      }),
    ).toBe(false);
    expect(featureSpecFromSteps(standard).version).toBe(spec.version);
    const edited = standard.map((step) => ({ ...step, questions: step.questions.filter((q) => q.neuronName !== 'С_Курсы') }));
    expect(featureSpecFromSteps(edited).version).not.toBe(spec.version);
  });
});

describe('the prior', () => {
  it('adds documented points for education, experience, management and languages, and none for age, family or service', () => {
    const junior = priorScore([{ neuron: 'С_Возр', value: 18 }]);
    expect(junior.scores).toEqual({ competencies: 20, professionalism: 20, maturity: 20 });
    const senior = priorScore([
      { neuron: 'С_Возр', value: 45 },
      { neuron: 'С_Дети', value: 2 },
      { neuron: 'С_Проживание', value: 'Партнёр' },
      { neuron: 'С_Служба', value: 'Срочная' },
      { neuron: 'С_ВУЗ', value: 'Магистр' },
      { neuron: 'С_Степень', value: 'Кандидат' },
      { neuron: 'С_Языки', value: ['Русский', 'Английский', 'Немецкий'] },
      { neuron: 'С_Стаж', value: 20 },
      { neuron: 'С_Руков_Стаж', value: 8 },
      { neuron: 'С_Подчинённые', value: 100 },
    ]);
    expect(senior.scores.competencies).toBe(20 + 22 + 10 + 10);
    expect(senior.scores.professionalism).toBe(20 + 40 + 12 + 6);
    // Maturity: 1 per year of work, 1.5 per managerial year, 4 for having managed 21-100 people.
    expect(senior.scores.maturity).toBeCloseTo(20 + 20 + 1.5 * 8 + 4);
    expect([...senior.contributions.maturity.keys()].sort()).toEqual(['С_Подчинённые', 'С_Руков_Стаж', 'С_Стаж']);
    expect(senior.contributions.competencies.get('С_ВУЗ')).toBe(22);
    expect(gradeOfOverall(20)).toBe('JUNIOR');
    expect(gradeOfOverall(80)).toBe('SENIOR PLUS');
  });
});

describe('the network', () => {
  it('has analytic gradients that match finite differences', () => {
    const rng = createRng(7);
    const net = createNetwork(5, 4, 3, rng);
    const x = Float64Array.from({ length: 4 * 5 }, () => rng.next());
    const y = Float64Array.from({ length: 4 * 3 }, () => rng.next());
    const batch = [0, 1, 2, 3];
    const grad = new Float64Array(net.params.length);
    lossAndGradient(net, x, y, batch, 0.01, grad);
    const scratch = new Float64Array(net.params.length);
    for (let i = 0; i < net.params.length; i++) {
      const original = net.params[i]!;
      net.params[i] = original + 1e-6;
      const up = lossAndGradient(net, x, y, batch, 0.01, scratch);
      net.params[i] = original - 1e-6;
      const down = lossAndGradient(net, x, y, batch, 0.01, scratch);
      net.params[i] = original;
      expect(grad[i]).toBeCloseTo((up - down) / 2e-6, 6);
    }
    const sample = x.subarray(0, 5);
    const jacobian = inputGradient(net, sample);
    for (let i = 0; i < 5; i++) {
      const moved = Float64Array.from(sample);
      moved[i]! += 1e-6;
      const back = Float64Array.from(sample);
      back[i]! -= 1e-6;
      const [up, down] = [predict(net, moved), predict(net, back)];
      for (let k = 0; k < 3; k++) expect(jacobian[k * 5 + i]).toBeCloseTo((up[k]! - down[k]!) / 2e-6, 6);
    }
  });

  it('integrated gradients average the input gradient along the path and add up to the change of the output', () => {
    const net = createNetwork(5, 4, 3, createRng(11));
    const reference = Float64Array.from([0.1, 0.9, 0.5, 0.3, 0.7]);
    const x = Float64Array.from([0.8, 0.2, 0.4, 1, 0]);
    const steps = 8;
    const integrated = integratedGradient(net, reference, x, steps);
    const averaged = new Float64Array(15);
    for (let step = 0; step < steps; step++) {
      const alpha = (step + 0.5) / steps;
      const jacobian = inputGradient(
        net,
        reference.map((r, i) => r + alpha * (x[i]! - r)),
      );
      for (let k = 0; k < 3; k++) for (let i = 0; i < 5; i++) averaged[k * 5 + i]! += (jacobian[k * 5 + i]! * (x[i]! - reference[i]!)) / steps;
    }
    for (let j = 0; j < 15; j++) expect(integrated[j]).toBeCloseTo(averaged[j]!, 12);
    // Completeness: with enough steps the contributions add up to f(x) − f(reference).
    const fine = integratedGradient(net, reference, x, 400);
    const [fx, fr] = [predict(net, x), predict(net, reference)];
    for (let k = 0; k < 3; k++) expect(fine.subarray(k * 5, k * 5 + 5).reduce((a, b) => a + b, 0)).toBeCloseTo(fx[k]! - fr[k]!, 5);
  });

  it('fits a known smooth function of its inputs', () => {
    const rng = createRng(3);
    const n = 300;
    const d = 3;
    const features = Float64Array.from({ length: n * d }, () => rng.next());
    const labels = new Float64Array(n * 3);
    for (let i = 0; i < n; i++) {
      const [a, b, c] = [features[i * d]!, features[i * d + 1]!, features[i * d + 2]!];
      labels.set([100 * (0.2 + 0.6 * a * b), 100 * (0.5 + 0.3 * Math.sin(3 * c)), 100 * (0.3 + 0.4 * a)], i * 3);
    }
    const trained = trainModel(
      { n, d, features, labels, prior: new Float64Array(n * 3).fill(50), groups: Int32Array.from({ length: n }, (_, i) => i) },
      { ...DEFAULT_TRAINING, epochs: 400, hidden: 12, learningRate: 0.01, weightDecay: 1e-4 },
    );
    expect(meanMae(trained.metrics.model)).toBeLessThan(3);
    expect(trained.metrics.model.competencies.r2).toBeGreaterThan(0.9);
  });
});

describe('training on demo data', () => {
  const data = dataset(260, 260, 11);

  it('is reproducible: the same seed gives the same model', () => {
    const options = { ...DEFAULT_TRAINING, epochs: 30 };
    const first = trainModel(data, options);
    const second = trainModel(data, options);
    expect(second.params).toEqual(first.params);
    expect(second.metrics).toEqual(first.metrics);
    expect(trainModel(data, { ...options, seed: options.seed + 1 }).params).not.toEqual(first.params);
  });

  it('beats the prior on the held-out set by a clear margin', () => {
    const trained = trainModel(data, DEFAULT_TRAINING);
    const model = meanMae(trained.metrics.model);
    const prior = meanMae(trained.metrics.prior);
    expect(model).toBeLessThan(prior * 0.7);
    expect(trained.metrics.model.professionalism.r2).toBeGreaterThan(trained.metrics.prior.professionalism.r2);
  });
});

describe('labels', () => {
  it('averages estimators with each one’s bias removed, and the final scores override them', () => {
    const same = (value: number) => ({ competencies: value, professionalism: value, maturity: value });
    const ratings = [
      ...['p1', 'p2', 'p3', 'p4'].flatMap((profileId, i) => [
        { profileId, estimatorId: 'soft', score: null, precise: same(40 + i * 10) },
        { profileId, estimatorId: 'strict', score: null, precise: same(30 + i * 10) },
      ]),
      { profileId: 'only-soft', estimatorId: 'soft', score: 70, precise: null },
      { profileId: 'final', estimatorId: 'soft', score: null, precise: same(50) },
    ];
    const finals = new Map([
      ['p1', { score: null, precise: { competencies: 90, professionalism: 80, maturity: 70 } }],
      ['final', { score: 20, precise: null }],
    ]);
    const { labels, biases, estimatorsUsed } = combineLabels(ratings, finals);
    expect(estimatorsUsed).toBe(2);
    expect(biases.get('soft')!.competencies).toBeCloseTo(5);
    expect(biases.get('strict')!.competencies).toBeCloseTo(-5);
    expect(labels.get('p2')!.maturity).toBeCloseTo(45);
    expect(labels.get('only-soft')!.competencies).toBeCloseTo(65);
    expect(labels.get('p1')).toEqual({ competencies: 90, professionalism: 80, maturity: 70 });
    expect(labels.get('final')!.professionalism).toBeCloseTo(20);
  });
});
