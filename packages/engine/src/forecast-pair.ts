import { bandOf, clamp, gradeOf } from './bands.ts';
import { monthBoundaries } from './calendar.ts';
import { EngineError } from './errors.ts';
import { DEFAULT_PARAMS, type KindWeights, type Params } from './params.ts';
import { managerQuality, pairSetup, ratingAt, tauDays, toUnit, withScores, type Term, type Unit } from './pair-model.ts';
import { assertPlainData } from './plain-data.ts';
import { createRng, hashString, percentile } from './prng.ts';
import type { Band, InteractionMode, Interval, PairKind, Specialist } from './types.ts';
import { validateIntensity, validateSpecialist } from './validate-input.ts';

export type PairRequest = {
  a: Specialist;
  b: Specialist;
  /** Default work. */
  kind?: PairKind;
  /** 0 office (default), 1 remote. */
  mode?: InteractionMode;
  /** Hours per week together, 0.5-10, default 5. */
  intensity?: number;
  manager?: Specialist | null;
  /** ISO date the forecast starts on; sets the month boundaries (equal slices without it). */
  startDay?: string;
};

export type PairOptions = {
  /** Uncertainty band by seeded sampling of score error; true for the default sample count. */
  band?: boolean | { samples?: number };
  /** How many explanation items to return (default 5). */
  explainTop?: number;
};

export type CompetenceLines = { k: number[]; p: number[]; l: number[] };

export type PersonForecast = {
  id: string;
  /** This person's first impression and settled rating of the other, points. */
  firstImpression: number;
  settled: number;
  /** Yearly satisfaction, percent. */
  satisfaction: number;
  /** This person's own rating of the relationship, month by month. */
  monthly: number[];
  /** K, P, L at the end of each month. */
  competences: CompetenceLines;
};

export type RecommendationLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type ExplanationItem = {
  factor: 'actor' | 'partner' | 'relationship' | 'interaction' | 'manager';
  /** Whose trait it is; null for the pair's relationship and interaction settings. */
  personId: string | null;
  input: string;
  /** Approximate rating points this input adds to the shared settled rating (or to compatibility for settings). */
  points: number;
};

export type PairBand = {
  samples: number;
  daily: { p10: number[]; p90: number[] };
  compatibility: Interval;
  yearlySatisfaction: Interval;
  settled: Interval;
};

export type PairForecast = {
  paramsVersion: string;
  kind: PairKind;
  mode: InteractionMode;
  intensity: number;
  /** Shared rating for each of 365 days, [-100, 100]. */
  daily: number[];
  /** Mean shared rating per month, 12 values. */
  monthly: number[];
  /** Mean of both people's yearly satisfaction, percent. */
  yearlySatisfaction: number;
  expectations: { firstImpression: number; reality: number; gap: number; verdict: 'better' | 'as_expected' | 'worse' };
  /** Mean shared rating over the year and its condition band. */
  compatibility: { value: number; band: Band };
  /** Settled level beyond the year; trend compares it with the last month; settleDay: first day within 5 points for good. */
  outlook: { settled: number; band: Band; trend: 'improving' | 'stable' | 'declining'; settleDay: number | null };
  persons: [PersonForecast, PersonForecast];
  bestMonth: { index: number; value: number };
  worstMonth: { index: number; value: number };
  recommendation: RecommendationLevel;
  blocks: Array<{ name: string; score: number; grade: 1 | 2 | 3 | 4 | 5 }>;
  explanation: ExplanationItem[];
  band?: PairBand;
};

const DAYS = 365;
const MONTHS = 12;
/** Gersick: a pair forecast spans one year, so its midpoint is day 182. */
const MIDPOINT = 182;
/** Points within which the rating counts as settled, and beyond which expectations are met or missed. */
const SETTLE_TOLERANCE = 5;
const EXPECTATION_TOLERANCE = 10;
const RECOMMENDATION_STEPS = [-50, -20, 0, 20, 50];

/** Everything fixed for one evaluation of the pair dynamics. */
type Core = {
  settledAB: number;
  settledBA: number;
  firstAB: number;
  firstBA: number;
  storm: number;
  rho: number;
};

function coreOf(w: KindWeights, a: Unit, b: Unit, m: Unit | null, mode: InteractionMode, hours: number, params: Params, terms?: Parameters<typeof pairSetup>[4]) {
  const setup = pairSetup(w, a, b, params, terms);
  const q = m ? managerQuality(m) : 0;
  const shift = params.manager.shift * q;
  const damping = 1 - params.manager.stormDamping * Math.max(0, q);
  const core: Core = {
    settledAB: clamp(setup.settledAB + shift, -100, 100),
    settledBA: clamp(setup.settledBA + shift, -100, 100),
    firstAB: setup.firstAB,
    firstBA: setup.firstBA,
    storm: setup.storm * damping * (mode === 1 ? params.dynamics.remoteStormFactor : 1),
    rho: Math.exp(-1 / tauDays(hours, mode, params)),
  };
  return { core, setup, shift };
}

/** Fills the daily series (shared, a's view, b's view; any may be null) and returns the shared yearly mean. */
function run(c: Core, shared: Float64Array, ab: Float64Array | null, ba: Float64Array | null, params: Params): number {
  let e = 1;
  let sum = 0;
  for (let t = 0; t < DAYS; t++) {
    if (t === MIDPOINT) e *= 1 - params.dynamics.midpointShift;
    const x = ratingAt(c.settledAB, c.firstAB, c.storm, e);
    const y = ratingAt(c.settledBA, c.firstBA, c.storm, e);
    const r = (x + y) / 2;
    shared[t] = r;
    if (ab) ab[t] = x;
    if (ba) ba[t] = y;
    sum += r;
    e *= c.rho;
  }
  return sum / DAYS;
}

function monthlyMeans(series: Float64Array, bounds: Int32Array): number[] {
  const out: number[] = [];
  for (let m = 0; m < MONTHS; m++) {
    const from = bounds[m]!;
    const to = Math.max(from + 1, bounds[m + 1]!);
    let s = 0;
    for (let t = from; t < to; t++) s += series[Math.min(t, DAYS - 1)]!;
    out.push(s / (to - from));
  }
  return out;
}

function meanSatisfaction(series: Float64Array): number {
  let s = 0;
  for (let t = 0; t < DAYS; t++) s += series[t]!;
  return clamp((s / DAYS + 100) / 2, 0, 100);
}

/** Month-end K, P, L of both people: each learns a share of the gap to a more qualified partner. */
function competenceLines(a: Unit, b: Unit, mode: InteractionMode, hours: number, params: Params): [CompetenceLines, CompetenceLines] {
  const c = params.competence;
  const rate = c.learningPerMonth * Math.sqrt(hours / params.dynamics.referenceHours) * (mode === 1 ? 1 / params.dynamics.remoteTauFactor : 1);
  const la: CompetenceLines = { k: [], p: [], l: [] };
  const lb: CompetenceLines = { k: [], p: [], l: [] };
  let [ka, pa, kb, pb] = [a.k, a.p, b.k, b.p];
  for (let m = 1; m <= MONTHS; m++) {
    [ka, kb] = [Math.min(100, ka + rate * Math.max(0, kb - ka)), Math.min(100, kb + rate * Math.max(0, ka - kb))];
    [pa, pb] = [Math.min(100, pa + rate * Math.max(0, pb - pa)), Math.min(100, pb + rate * Math.max(0, pa - pb))];
    la.k.push(ka);
    la.p.push(pa);
    la.l.push(Math.min(100, a.l + (c.maturityPerYear * m) / MONTHS));
    lb.k.push(kb);
    lb.p.push(pb);
    lb.l.push(Math.min(100, b.l + (c.maturityPerYear * m) / MONTHS));
  }
  return [la, lb];
}

function expertise(k: number, p: number, l: number, params: Params): number {
  const w = params.competence.expertise;
  return w.k * k + w.p * p + w.l * l;
}

function settleDay(shared: Float64Array, settled: number): number | null {
  let day: number | null = null;
  for (let t = DAYS - 1; t >= 0; t--) {
    if (Math.abs(shared[t]! - settled) > SETTLE_TOLERANCE) break;
    day = t;
  }
  return day;
}

function recommendationOf(compatibility: number): RecommendationLevel {
  let level = 1;
  for (const step of RECOMMENDATION_STEPS) if (compatibility >= step) level++;
  return level as RecommendationLevel;
}

function blocksOf(
  kind: PairKind,
  x: { yearly: number; first: number; settled: number; storm: number; endExpertise: number; family: number; partners: number },
): Array<{ name: string; score: number }> {
  const pct = (rating: number): number => clamp((rating + 100) / 2, 0, 100);
  if (kind === 'LOVE') {
    // Sternberg's triangle: passion shows first, intimacy is what settles, commitment needs stable family lives.
    return [
      { name: 'passion', score: pct(x.first) },
      { name: 'intimacy', score: pct(x.settled) },
      { name: 'commitment', score: clamp(50 * x.family + x.yearly / 2, 0, 100) },
    ];
  }
  if (kind === 'FRIEND') {
    return [
      { name: 'enjoyment', score: x.yearly },
      { name: 'trust', score: clamp(pct(x.settled) - x.storm / 2, 0, 100) },
      { name: 'support', score: pct(x.partners) },
    ];
  }
  return [
    { name: 'satisfaction', score: x.yearly },
    { name: 'expectations', score: clamp(50 + (x.settled - x.first) / 2, 0, 100) },
    { name: 'competences', score: clamp(x.endExpertise, 0, 100) },
    { name: 'outlook', score: pct(x.settled) },
  ];
}

/** Stable text of everything that shapes the forecast: the band's seed. */
function digest(req: PairRequest, kind: PairKind, mode: InteractionMode, hours: number): string {
  const person = (s: Specialist | null | undefined): unknown[] =>
    s ? [s.id, s.k, s.p, s.l, s.age, s.grade, s.scoreError ?? 0, Object.entries(s.traits ?? {}).sort(([x], [y]) => (x < y ? -1 : 1))] : [];
  return JSON.stringify([person(req.a), person(req.b), person(req.manager), kind, mode, hours, req.startDay ?? '']);
}

function sampleUnit(u: Unit, rng: ReturnType<typeof createRng>): Unit {
  const draw = (x: number): number => clamp(x + u.scoreError * rng.normal(), 0, 100);
  return u.scoreError > 0 ? withScores(u, draw(u.k), draw(u.p), draw(u.l)) : u;
}

/**
 * Forecasts one pair over a year: daily and monthly ratings, satisfaction, expectations against reality,
 * compatibility and outlook, competence lines, recommendation, graded blocks, explanation, optional band.
 */
export function forecastPair(input: PairRequest, params: Params = DEFAULT_PARAMS, options: PairOptions = {}): PairForecast {
  assertPlainData(input, 'pair');
  validateSpecialist(input.a, 'a');
  validateSpecialist(input.b, 'b');
  if (input.manager) validateSpecialist(input.manager, 'manager');
  const kind = input.kind ?? 'work';
  if (!(kind in params.kinds)) throw new EngineError('invalid_input', `kind ${String(kind)}`);
  const mode: InteractionMode = input.mode === 1 ? 1 : 0;
  const hours = input.intensity ?? params.dynamics.referenceHours;
  validateIntensity(hours, 'intensity');
  const w = params.kinds[kind];
  const a = toUnit(input.a, params.band.defaultScoreError);
  const b = toUnit(input.b, params.band.defaultScoreError);
  const m = input.manager ? toUnit(input.manager, params.band.defaultScoreError) : null;

  const terms = { ab: [] as Term[], ba: [] as Term[], rel: [] as Term[] };
  const { core, setup, shift } = coreOf(w, a, b, m, mode, hours, params, terms);
  const shared = new Float64Array(DAYS);
  const ab = new Float64Array(DAYS);
  const ba = new Float64Array(DAYS);
  const yearly = run(core, shared, ab, ba, params);
  const bounds = monthBoundaries(input.startDay, MONTHS, DAYS);
  const monthly = monthlyMeans(shared, bounds);

  const settled = (ratingAt(core.settledAB, core.firstAB, core.storm, 0) + ratingAt(core.settledBA, core.firstBA, core.storm, 0)) / 2;
  const first = (core.firstAB + core.firstBA) / 2;
  const gap = settled - first;
  const [linesA, linesB] = competenceLines(a, b, mode, hours, params);
  const satA = meanSatisfaction(ab);
  const satB = meanSatisfaction(ba);
  const yearlySatisfaction = (satA + satB) / 2;
  let best = 0;
  let worst = 0;
  monthly.forEach((v, i) => {
    if (v > monthly[best]!) best = i;
    if (v < monthly[worst]!) worst = i;
  });
  const last = MONTHS - 1;
  const endExpertise =
    (expertise(linesA.k[last]!, linesA.p[last]!, linesA.l[last]!, params) + expertise(linesB.k[last]!, linesB.p[last]!, linesB.l[last]!, params)) / 2;
  const lastMonth = monthly[last]!;
  const partners = 100 * Math.tanh((params.tanhScale * (setup.partnerA + setup.partnerB)) / 2);

  const blocks = blocksOf(kind, {
    yearly: yearlySatisfaction,
    first,
    settled,
    storm: core.storm,
    endExpertise,
    family: ((a.c.familyStability + 1) / 2 + (b.c.familyStability + 1) / 2) / 2,
    partners,
  }).map((x) => ({ ...x, grade: gradeOf(x.score) }));

  const forecast: PairForecast = {
    paramsVersion: params.version,
    kind,
    mode,
    intensity: hours,
    daily: Array.from(shared),
    monthly,
    yearlySatisfaction,
    expectations: { firstImpression: first, reality: settled, gap, verdict: gap > EXPECTATION_TOLERANCE ? 'better' : gap < -EXPECTATION_TOLERANCE ? 'worse' : 'as_expected' },
    compatibility: { value: yearly, band: bandOf(yearly) },
    outlook: {
      settled,
      band: bandOf(settled),
      trend: settled - lastMonth > SETTLE_TOLERANCE ? 'improving' : settled - lastMonth < -SETTLE_TOLERANCE ? 'declining' : 'stable',
      settleDay: settleDay(shared, settled),
    },
    persons: [
      { id: a.id, firstImpression: core.firstAB, settled: core.settledAB, satisfaction: satA, monthly: monthlyMeans(ab, bounds), competences: linesA },
      { id: b.id, firstImpression: core.firstBA, settled: core.settledBA, satisfaction: satB, monthly: monthlyMeans(ba, bounds), competences: linesB },
    ],
    bestMonth: { index: best, value: monthly[best]! },
    worstMonth: { index: worst, value: monthly[worst]! },
    recommendation: recommendationOf(yearly),
    blocks,
    explanation: explain({ w, a, b, m, mode, hours, params, terms, setup, shift, yearly, top: options.explainTop ?? 5 }),
  };
  if (options.band) {
    const samples = typeof options.band === 'object' && options.band.samples ? options.band.samples : params.band.pairSamples;
    forecast.band = pairBand({ w, a, b, m, mode, hours, params, samples, seed: hashString(digest(input, kind, mode, hours)) });
  }
  return forecast;
}

function explain(x: {
  w: KindWeights;
  a: Unit;
  b: Unit;
  m: Unit | null;
  mode: InteractionMode;
  hours: number;
  params: Params;
  terms: { ab: Term[]; ba: Term[]; rel: Term[] };
  setup: ReturnType<typeof pairSetup>;
  shift: number;
  yearly: number;
  top: number;
}): ExplanationItem[] {
  const s = x.params.tanhScale;
  // Slope of 100 tanh(s raw) at the pair's raw score: turns raw contributions into rating points.
  const slopeAB = 100 * s * (1 - Math.tanh(s * x.setup.rawAB) ** 2);
  const slopeBA = 100 * s * (1 - Math.tanh(s * x.setup.rawBA) ** 2);
  const items: ExplanationItem[] = [];
  for (const t of x.terms.ab) items.push({ factor: t.factor, personId: t.personId, input: t.input, points: (slopeAB * t.raw) / 2 });
  for (const t of x.terms.ba) items.push({ factor: t.factor, personId: t.personId, input: t.input, points: (slopeBA * t.raw) / 2 });
  for (const t of x.terms.rel) items.push({ factor: 'relationship', personId: null, input: t.input, points: ((slopeAB + slopeBA) / 2) * t.raw });
  const scratch = new Float64Array(DAYS);
  const yearlyWith = (mode: InteractionMode, hours: number): number => run(coreOf(x.w, x.a, x.b, x.m, mode, hours, x.params).core, scratch, null, null, x.params);
  items.push({ factor: 'interaction', personId: null, input: 'intensity', points: x.yearly - yearlyWith(x.mode, x.params.dynamics.referenceHours) });
  items.push({ factor: 'interaction', personId: null, input: 'mode', points: x.yearly - yearlyWith(0, x.hours) });
  if (x.m) items.push({ factor: 'manager', personId: x.m.id, input: 'quality', points: x.shift });
  return items
    .filter((i) => i.points !== 0)
    .sort((p, q) => Math.abs(q.points) - Math.abs(p.points))
    .slice(0, x.top);
}

function pairBand(x: {
  w: KindWeights;
  a: Unit;
  b: Unit;
  m: Unit | null;
  mode: InteractionMode;
  hours: number;
  params: Params;
  samples: number;
  seed: number;
}): PairBand {
  const rng = createRng(x.seed);
  const n = Math.max(1, Math.floor(x.samples));
  const daily = new Float64Array(n * DAYS);
  const compat = new Float64Array(n);
  const sat = new Float64Array(n);
  const settled = new Float64Array(n);
  const shared = new Float64Array(DAYS);
  const ab = new Float64Array(DAYS);
  const ba = new Float64Array(DAYS);
  for (let i = 0; i < n; i++) {
    const a = sampleUnit(x.a, rng);
    const b = sampleUnit(x.b, rng);
    const m = x.m ? sampleUnit(x.m, rng) : null;
    const { core } = coreOf(x.w, a, b, m, x.mode, x.hours, x.params);
    compat[i] = run(core, shared, ab, ba, x.params);
    daily.set(shared, i * DAYS);
    sat[i] = (meanSatisfaction(ab) + meanSatisfaction(ba)) / 2;
    settled[i] = (ratingAt(core.settledAB, core.firstAB, core.storm, 0) + ratingAt(core.settledBA, core.firstBA, core.storm, 0)) / 2;
  }
  const p10: number[] = [];
  const p90: number[] = [];
  const column = new Float64Array(n);
  for (let t = 0; t < DAYS; t++) {
    for (let i = 0; i < n; i++) column[i] = daily[i * DAYS + t]!;
    p10.push(percentile(column, 0.1));
    p90.push(percentile(column, 0.9));
  }
  const interval = (v: Float64Array): Interval => ({ p10: percentile(v, 0.1), p90: percentile(v, 0.9) });
  return { samples: n, daily: { p10, p90 }, compatibility: interval(compat), yearlySatisfaction: interval(sat), settled: interval(settled) };
}
