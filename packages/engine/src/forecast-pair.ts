import { bandOf, gradeOf } from './bands.ts';
import { monthBoundaries } from './calendar.ts';
import { EngineError } from './errors.ts';
import { DEFAULT_PARAMS, type Params } from './params.ts';
import { pairBand } from './pair-band.ts';
import { coreOf, DAYS, EXPECTATION_TOLERANCE, meanSatisfaction, MONTHS, run, SETTLE_TOLERANCE, settledOf } from './pair-dynamics.ts';
import { explainPair } from './pair-explain.ts';
import { toUnit, type Term } from './pair-model.ts';
import { blocksOf, competenceLines, expertise, monthlyMeans, recommendationOf, settleDay } from './pair-outputs.ts';
import type { PairForecast, PairOptions, PairRequest } from './pair-types.ts';
import { assertPlainData } from './plain-data.ts';
import { hashString } from './prng.ts';
import type { InteractionMode, PairKind, Specialist } from './types.ts';
import { sortedStyle } from './work-style.ts';
import { validateIntensity, validateMode, validateSamples, validateSpecialist } from './validate-input.ts';

/** At most this many band samples for one pair (365 × 8 bytes each). */
const MAX_PAIR_SAMPLES = 4096;

export type { CompetenceLines, ExplanationItem, PairBand, PairForecast, PairOptions, PairRequest, PersonForecast, RecommendationLevel } from './pair-types.ts';

/** A plain copy of a daily buffer (Array.from walks an iterator, several times slower). */
function toArray(series: Float64Array): number[] {
  const out = new Array<number>(DAYS);
  for (let t = 0; t < DAYS; t++) out[t] = series[t]!;
  return out;
}

/** Reused daily buffers: forecastPair is synchronous and copies what it returns, so one set suffices. */
const SCRATCH = { shared: new Float64Array(DAYS), ab: new Float64Array(DAYS), ba: new Float64Array(DAYS) };

/**
 * Seeds of the band: a hash of the inputs that shape the forecast (the two people in sorted order, so the
 * seeds do not depend on which one is `a`) plus each person's own text. Age, gender and family stability are
 * left out on purpose, so a protected attribute can never move a band through the random stream; so is the id, which
 * names a person without describing him: two people with the same inputs get the same band.
 */
function bandSeeds(req: PairRequest, kind: PairKind, mode: InteractionMode, hours: number): { a: number; b: number; m: number; pair: number } {
  const person = (s: Specialist | null | undefined): string =>
    s
      ? JSON.stringify([
          s.k,
          s.p,
          s.l,
          s.grade,
          s.scoreError ?? 0,
          s.completeness ?? 1,
          Object.entries(s.traits ?? {})
            .filter(([name]) => name !== 'familyStability')
            .sort(([x], [y]) => (x < y ? -1 : 1)),
          // Work style only when given, so the seeds of people without it (every love and friendship pair) are unchanged.
          ...(s.workStyle ? [sortedStyle(s.workStyle)] : []),
        ])
      : '';
  const [pa, pb, pm] = [person(req.a), person(req.b), person(req.manager)];
  const common = JSON.stringify([[pa, pb].sort(), pm, kind, mode, hours, req.startDay ?? '']);
  return { a: hashString(`${common}|${pa}`), b: hashString(`${common}|${pb}`), m: hashString(`${common}|m|${pm}`), pair: hashString(`${common}|pair`) };
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
  // Own keys only: 'toString' is `in` every object.
  if (typeof kind !== 'string' || !Object.hasOwn(params.kinds, kind)) throw new EngineError('invalid_input', `kind ${String(kind)} is unknown`);
  const mode: InteractionMode = input.mode ?? 0;
  validateMode(mode, 'mode');
  const hours = input.intensity ?? params.dynamics.referenceHours;
  validateIntensity(hours, 'intensity');
  const w = params.kinds[kind];
  const { defaultScoreError, minCompleteness, styleError } = params.band;
  const a = toUnit(input.a, defaultScoreError, minCompleteness, styleError);
  const b = toUnit(input.b, defaultScoreError, minCompleteness, styleError);
  const m = input.manager ? toUnit(input.manager, defaultScoreError, minCompleteness, styleError) : null;

  const terms = { ab: [] as Term[], ba: [] as Term[], rel: [] as Term[] };
  const { core, setup, shift } = coreOf(w, a, b, m, mode, hours, params, terms);
  const { shared, ab, ba } = SCRATCH;
  const yearly = run(core, shared, ab, ba, params);
  const bounds = monthBoundaries(input.startDay, MONTHS, DAYS);
  const monthly = monthlyMeans(shared, bounds);

  const settled = settledOf(core);
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
    daily: toArray(shared),
    monthly,
    yearlySatisfaction,
    expectations: {
      firstImpression: first,
      reality: settled,
      gap,
      verdict: gap > EXPECTATION_TOLERANCE ? 'better' : gap < -EXPECTATION_TOLERANCE ? 'worse' : 'as_expected',
    },
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
    explanation:
      (options.explainTop ?? 5) > 0 ? explainPair({ w, a, b, m, mode, hours, params, terms, setup, shift, yearly, top: options.explainTop ?? 5 }) : [],
  };
  if (options.band) {
    const samples = typeof options.band === 'object' && options.band.samples !== undefined ? options.band.samples : params.band.pairSamples;
    validateSamples(samples, MAX_PAIR_SAMPLES, 'band.samples');
    forecast.band = pairBand({
      kind,
      a,
      b,
      m,
      mode,
      hours,
      params,
      samples,
      seeds: bandSeeds(input, kind, mode, hours),
      point: { daily: forecast.daily, compatibility: yearly, yearlySatisfaction, settled },
    });
  }
  return forecast;
}
