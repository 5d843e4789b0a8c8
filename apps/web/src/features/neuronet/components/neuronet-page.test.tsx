import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Fairness, ScoringModel } from '@teamcast/contracts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { configureApi } from '../../../shared/api/client.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { STATE_WAIT_MS } from '../../../test/waits.ts';

type Call = { method: string; url: string };
let calls: Call[];

const metric = (mae: number) => ({ mae, r2: 0.5 });
const metrics = (mae: number) => ({ competencies: metric(mae), professionalism: metric(mae), maturity: metric(mae) });
const evaluation = (mae: number) => ({
  profiles: 52,
  persons: 52,
  mae: { value: mae, low: mae - 0.5, high: mae + 0.6 },
  r2: { value: 0.5, low: 0.4, high: 0.6 },
});
const fair: Fairness = {
  groups: [
    { dimension: 'gender', group: 'М', count: 40, middleOrHigher: 0.5 },
    { dimension: 'gender', group: 'Ж', count: 40, middleOrHigher: 0.45 },
  ],
  genderRatio: 0.9,
  ageRatio: null,
  warning: false,
};
const unfair: Fairness = {
  groups: [
    { dimension: 'gender', group: 'М', count: 40, middleOrHigher: 0.6 },
    { dimension: 'gender', group: 'Ж', count: 40, middleOrHigher: 0.3 },
  ],
  genderRatio: 0.5,
  ageRatio: null,
  warning: true,
};
const model = (id: string, extra: Partial<ScoringModel>): ScoringModel => ({
  _id: id,
  family: 'mlp-kpl',
  featureVersion: 'f-1',
  status: 'trained',
  progress: 1,
  loss: 0.01,
  error: null,
  options: { seed: 1, epochs: 300, hidden: 16 },
  profilesCount: 260,
  estimatorsCount: 4,
  trainCount: 208,
  testCount: 52,
  metrics: { model: metrics(5), prior: metrics(8) },
  evaluation: { model: evaluation(5), prior: evaluation(8) },
  isDemo: false,
  demoLabels: 0,
  fairness: { model: fair, prior: fair },
  isCurrent: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  trainedAt: '2026-11-20T10:01:00.000Z',
  uploadedAt: null,
  publishedAt: null,
  ...extra,
});

beforeEach(() => {
  calls = [];
  configureApi({ bases: { fallback: 'http://api.test' }, locale: 'ru' });
  authStore.set('administrator', { token: 'token-a', subjectId: 'a-1' });
  const overview = {
    items: [
      model('candidate', { uploadedAt: '2026-11-20T10:02:00.000Z', fairness: { model: unfair, prior: fair } }),
      model('current', { isCurrent: true, uploadedAt: '2026-11-19T10:00:00.000Z', publishedAt: '2026-11-19T11:00:00.000Z' }),
    ],
    currentModelId: 'current',
    labelledProfiles: 260,
    estimators: 4,
    priorFairness: fair,
    accuracy: { value: 94, reason: null, source: 'model', modelId: 'current', demo: false, evaluation: evaluation(5), minPersons: 50 },
    agreement: { profiles: 12, ratings: 25, pairs: 14, meanAbsoluteDifference: 18.25, icc: 0.42, level: 'poor' as const },
    labelBias: [{ estimatorId: 'e1', name: 'Олег Соколов', labels: 80, ageCorrelation: 0.7, partialAgeCorrelation: 0.45, flagged: true }],
    justifications: [] as { modelId: string; text: string; refusal: string; administratorEmail: string | null; at: string }[],
    scoredKinds: [
      { model: 'neuronet', version: 'current', kinds: ['standard', 'short'], outputs: ['competencies', 'professionalism', 'maturity'] },
      { model: 'love-rules', version: 'love-rules-1', kinds: ['love', 'couple'], outputs: ['intimacy', 'passion', 'commitment'] },
    ],
  };
  const ratio = (value: number) => ({ ratio: value, low: value - 0.05, high: value + 0.05 });
  const ratios = (work: number) => ({
    workGood: ratio(work),
    level2: ratio(1),
    level3: ratio(1),
    level4: ratio(0.9),
    level5: ratio(0.9),
    level6: ratio(0.9),
    gradeMiddle: ratio(0.9),
  });
  const rates = { workGood: 0.2, level2: 1, level3: 0.9, level4: 0.5, level5: 0.2, level6: 0, gradeMiddle: 0.5 };
  const audit = (work: number) => ({
    reference: {
      population: 'reference',
      modelId: null,
      seed: 2026,
      size: 600,
      partnersPerPerson: 8,
      minGroupSize: 30,
      bootstrap: 400,
      groups: [
        { dimension: 'age', group: '≤25', n: 90, pairs: 720, assessed: true, meanCompatibility: -12.5, rates, ratios: ratios(work) },
        { dimension: 'age', group: '36–50', n: 210, pairs: 1680, assessed: true, meanCompatibility: 10.1, rates, ratios: ratios(1) },
      ],
      failures:
        work < 0.8
          ? [{ dimension: 'age', group: '≤25', outcome: 'workGood', ratio: work, low: work - 0.05, high: work + 0.05, input: null, justified: false }]
          : [],
      justified: [],
      passed: work >= 0.8,
    },
    installation: null,
    installationProfiles: 12,
    minProfiles: 60,
    outcomes: {
      published: { n: 64, coverage: 0.8125, meanAbsoluteError: 12.5, bias: -1 },
      candidate: { n: 64, coverage: 0.59375, meanAbsoluteError: 19.25, bias: -6 },
      monitors: 11,
      minObservations: 60,
      minMonitors: 10,
      verdict: 'worse',
      worse: 'coverage',
      coverageTolerance: 0.098,
      errorTolerance: 2.1,
    },
  });
  let refuse = true;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    let result: unknown = overview;
    if (url.includes('/neuronet/profiles'))
      result = {
        items: [
          {
            _id: 'p',
            code: 'AB12CD34',
            isDemo: true,
            label: { competencies: 60, professionalism: 50, maturity: 40 },
            estimatorsCount: 2,
            current: null,
            grade: null,
            predicted: { competencies: 58, professionalism: 52, maturity: 41 },
          },
        ],
        total: 1,
      };
    if (url.includes('/api/admin/monitor/calibration'))
      result = {
        owners: 3,
        monitors: 5,
        calibration: { n: 40, coverage: 0.775, meanAbsoluteError: 14.25, bias: -3 },
        byHorizon: [
          { horizon: 0, n: 25, coverage: 0.8, meanAbsoluteError: 12, bias: -2 },
          { horizon: 1, n: 15, coverage: 0.7333, meanAbsoluteError: 18, bias: -4.7 },
        ],
      };
    if (url.endsWith('/audit')) result = audit(url.includes('/candidate/') ? 0.31 : 0.92);
    if (method === 'POST' && url.endsWith('/publish')) {
      const body = JSON.parse(String(init.body ?? '{}')) as { justification?: string };
      if (refuse && !body.justification) {
        const message =
          'Модель не проходит аудит предвзятости: для группы «возраст ≤25» показатель «рабочие прогнозы «хорошо» и лучше» имеет коэффициент влияния 0.31';
        return new Response(JSON.stringify({ error: { code: 'fairness_below_bar', message } }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        });
      }
      refuse = false;
      overview.justifications = [
        {
          modelId: 'candidate',
          text: body.justification ?? '',
          refusal: 'The model fails the bias audit',
          administratorEmail: 'admin@teamcast.local',
          at: '2026-11-25T16:00:00.000Z',
        },
      ];
      result = { model: overview.items[0], profilesRescored: 12 };
    }
    if (method === 'POST' && url.endsWith('/neuronet/models')) result = model('new', { status: 'training', progress: 0 });
    if (method === 'POST' && url.includes('/neuronet/predict/')) {
      result = {
        profileId: 'p',
        modelId: 'candidate',
        grade: 'SENIOR',
        scores: { competencies: 71, professionalism: 66, maturity: 80 },
        explanation: {
          source: 'model',
          modelId: 'candidate',
          competencies: [{ neuron: 'С_ВУЗ', question: { ru: 'Высшее образование', en: 'University' }, points: 9.5 }],
          professionalism: [],
          maturity: [],
          sums: {
            competencies: { baseline: 60, others: 1.5, limit: 0, score: 71 },
            professionalism: { baseline: 50, others: 16, limit: 0, score: 66 },
            maturity: { baseline: 45, others: 35, limit: 0, score: 80 },
          },
        },
      };
    }
    return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const slow = { timeout: STATE_WAIT_MS };

describe('neuronet page', () => {
  it('shows the monitor calibration across owners beside the models: pooled coverage, error and sample size by horizon', async () => {
    renderApp('/administrator/neuronet');
    const card = await screen.findByTestId('monitor-calibration-overall', {}, slow);
    await waitFor(() => expect(within(card).getByTestId('monitor-calibration-summary')).toBeTruthy(), slow);
    expect(within(card).getByTestId('monitor-calibration-summary').textContent).toBe(
      '78 % наблюдений внутри 80-процентного коридора (должно быть около 80 %), средняя ошибка 14,3 балла; 40 месяцев с ответами, мониторов команд и пар: 5, владельцев: 3.',
    );
    const rows = within(within(card).getByTestId('monitor-calibration-horizons'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Месяц прогнозаВнутри коридораСредняя ошибка, баллыМесяцев с ответами', '1-й месяц80 %12,025', '2-й месяц73 %18,015']);
    expect(calls).toContainEqual({ method: 'GET', url: 'http://api.test/api/admin/monitor/calibration' });

    // The candidate on the same real outcomes against the published model, as the publish gate judges it.
    const gate = await within(card).findByTestId('outcome-gate', {}, slow);
    expect(
      within(within(gate).getByTestId('outcome-gate-figures'))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ПрогнозВнутри коридораСредняя ошибка, баллыМесяцев с ответами', 'Опубликованная модель81,3 %12,564', 'Кандидат59,4 %19,364']);
    expect(within(gate).getByTestId('outcome-gate-verdict').textContent).toBe(
      'Хуже: доля наблюдений внутри 80-процентного коридора уходит от 80 % дальше, чем позволяет ошибка выборки (±9,8 % при 64 месяцах). Публикация будет отклонена, если не написать обоснование.',
    );
    expect(calls).toContainEqual({ method: 'GET', url: 'http://api.test/api/admin/neuronet/models/candidate/audit' });
  });

  it('shows dates, counts, metrics, the accuracy figure and a fairness warning for the candidate, and runs the actions', async () => {
    const user = userEvent.setup();
    renderApp('/administrator/neuronet');
    expect(await screen.findByTestId('neuronet-page', {}, slow)).toBeTruthy();
    expect(screen.getByTestId('labelled-count').textContent).toBe('260');
    // Which profile kinds each model scores.
    const kinds = screen.getByTestId('scored-kinds');
    expect(within(kinds).getByText('Нейросеть (K, P, L)').closest('tr')!.textContent).toContain('стандартная, короткая');
    expect(within(kinds).getByText('Любовная модель (правила, без обучения)').closest('tr')!.textContent).toContain(
      'любовная, анкета пары (оба партнёра)близость, страсть, обязательства',
    );
    expect(screen.getByTestId('accuracy-value').textContent).toBe('более 94%');
    expect(screen.getAllByTestId('model-row')).toHaveLength(2);
    expect(screen.getByTestId('metrics-chart')).toBeTruthy();
    expect(screen.getByTestId('fairness-warning').textContent).toContain('четырёх пятых');
    expect(within(screen.getByTestId('fairness-table')).getByText(/^30\s?%$/)).toBeTruthy();
    expect(await screen.findByText('40 / 60 / 50', {}, slow)).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url.includes('/api/admin/neuronet/profiles?limit=20&offset=0&modelId=candidate'))).toBe(true));

    // The bias audit: the current model passes, the candidate's ratio is coloured and worded as adverse impact.
    const candidateAudit = await screen.findByTestId('audit-candidate', {}, slow);
    expect(within(candidateAudit).getByText(/0\.31 \[0\.26–0\.36\] · ниже 0,8: неблагоприятное влияние/)).toBeTruthy();
    expect(screen.getByTestId('audit-candidate-verdict').textContent).toContain('Аудит не пройден');
    expect((await screen.findByTestId('audit-current-verdict', {}, slow)).textContent).toContain('Аудит пройден');
    expect(within(screen.getByTestId('label-bias')).getByText('Оценки следуют возрасту')).toBeTruthy();

    // The candidate's gender ratio 0.5 is under the 0.8 bar: coloured and said what it means.
    expect(screen.getByTestId('gender-ratio-candidate').textContent).toBe('0,50ниже 0,8: неблагоприятное влияние');
    expect(screen.getByTestId('gender-ratio-candidate').getAttribute('data-below-bar')).toBe('true');
    expect(screen.getByTestId('gender-ratio-current').getAttribute('data-below-bar')).toBeNull();
    // Agreement between estimators, formatted for the reader.
    const agreement = screen.getByTestId('label-agreement');
    expect(within(agreement).getByTestId('agreement-icc').textContent).toBe('0,42');
    expect(within(agreement).getByTestId('agreement-mad').textContent).toBe('18,3 балла');
    expect(within(agreement).getByTestId('agreement-level').textContent).toBe('Слабое согласие');
    expect(agreement.textContent).toContain('Профилей с двумя и более оценками: 12, оценок: 25, сравнённых пар: 14.');

    // Publishing asks first, with the accuracy and fairness figures; cancelling sends nothing.
    await user.click(screen.getByTestId('publish-model'));
    const confirm = await screen.findByTestId('publish-confirm', {}, slow);
    expect(within(confirm).getByTestId('publish-confirm-accuracy').textContent).toContain('5,00');
    expect(within(confirm).getByTestId('publish-confirm-accuracy').textContent).toContain('8,00');
    expect(within(confirm).getByTestId('publish-confirm-fairness').textContent).toContain('0,50 · ниже 0,8: неблагоприятное влияние');
    expect(within(confirm).getByTestId('publish-confirm-warning')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByTestId('publish-confirm')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST' && call.url.endsWith('/publish'))).toEqual([]);

    // Confirmed, publishing is refused; a written justification publishes it and the page shows it.
    await user.click(screen.getByTestId('publish-model'));
    await user.click(await screen.findByTestId('publish-confirmed', {}, slow));
    expect((await screen.findByTestId('publish-refused', {}, slow)).textContent).toContain('возраст ≤25');
    const reason = 'Pilot with the HR team, reviewed on 1 December.';
    await user.click(screen.getByTestId('publish-justification'));
    await user.paste(reason);
    await user.click(screen.getByTestId('publish-justified'));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST' && call.url === 'http://api.test/api/admin/neuronet/models/candidate/publish')).toHaveLength(2),
    );
    expect(within(await screen.findByTestId('justifications', {}, slow)).getByText(reason)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'AB12CD34' }));
    await user.click(screen.getByTestId('predict-run'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === 'http://api.test/api/admin/neuronet/predict/p')).toBe(true));
    expect(within(await screen.findByTestId('predict-result', {}, slow)).getByText(/Высшее образование \+9,5/)).toBeTruthy();
    await user.click(screen.getByTestId('train-new'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === 'http://api.test/api/admin/neuronet/models')).toBe(true));
  });
});
