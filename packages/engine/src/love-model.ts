/*
 * The love model (docs/love-model.md): LOVE and FRIEND forecasts of people described by the love and couple
 * questionnaires. It is kept apart from the work model: its own weights (LOVE_PARAMS, never DEFAULT_PARAMS' work
 * kind), its own person (three Sternberg dimensions instead of K, P, L) and its own heading grades. The daily
 * dynamics, the band sampler and the explanation are the pair engine's, run with these weights.
 */
import { clamp, gradeOf } from './bands.ts';
import { EngineError } from './errors.ts';
import { forecastPair } from './forecast-pair.ts';
import { DEFAULT_PARAMS, type KindWeights, type Params } from './params.ts';
import { GRADES } from './pair-model.ts';
import type { ExplanationItem, PairForecast, PairOptions } from './pair-types.ts';
import type { Gender, InteractionMode, Specialist } from './types.ts';

/** The pair kinds of the love model. */
export type LoveKind = 'LOVE' | 'FRIEND';

/** One person as the love model sees them: three dimensions 0-100 (Sternberg 1986), age and living situation. */
export type LovePerson = {
  id: string;
  /** Closeness: wish for time together, balanced giving, a love language of time or words. */
  intimacy: number;
  /** Attraction, as the person rates its importance or (couple questionnaire) feels it for the partner. */
  passion: number;
  /** Readiness to stay: second chances, a shared home, years together (Rusbult's investment model). */
  commitment: number;
  age?: number;
  /** Carried for display; no formula reads it. */
  gender?: Gender;
  /** Stability of the person's living situation in [0, 1] (cohabitation, years together, children); neutral when absent. */
  familyStability?: number;
  /** Share 0-1 of the love questions answered: fewer answers widen the band. */
  completeness?: number;
};

export type LoveRequest = {
  a: LovePerson;
  b: LovePerson;
  kind: LoveKind;
  mode?: InteractionMode;
  /** Hours per week together, 0.5-10. */
  intensity?: number;
  startDay?: string;
};

/*
 * In the love model the engine's three score slots carry the love dimensions: k = intimacy, p = passion,
 * l = commitment. Work-only traits (managerial experience, work experience, business, moves) are weighted 0 and
 * held neutral, so nothing of a person's career reaches a love forecast.
 */
const LOVE_WEIGHTS: KindWeights = {
  // Joel et al. 2020: a person's own perceptions (actor effects) predict far more than the partner's; commitment
  // and closeness lead, passion follows.
  actor: { k: 0.25, p: 0.15, l: 0.3, familyStability: 0.1, workExperience: 0, relocation: 0 },
  partner: { k: 0.08, p: 0.05, l: 0.1, familyStability: 0.04, entrepreneurship: 0 },
  // Pair-specific terms are small (Joel 2017): mutuality of commitment (Drigotas et al. 1999) and the age gap.
  relationship: { lSimilarity: 0.08, ageGap: 0.04, mentoring: 0 },
  first: { actorShare: 0.6, grade: 0, ageSimilarity: 0.1 },
  stormDepth: 25,
  blocks: ['passion', 'intimacy', 'commitment'],
};

const FRIEND_WEIGHTS: KindWeights = {
  // Friendship rests on closeness and loyalty; attraction barely counts. Age homophily is the strongest pair term.
  actor: { k: 0.3, p: 0.03, l: 0.25, familyStability: 0.03, workExperience: 0, relocation: 0 },
  partner: { k: 0.1, p: 0.02, l: 0.08, familyStability: 0.02, entrepreneurship: 0 },
  relationship: { lSimilarity: 0.06, ageGap: 0.06, mentoring: 0 },
  first: { actorShare: 0.6, grade: 0, ageSimilarity: 0.15 },
  stormDepth: 15,
  blocks: ['enjoyment', 'trust', 'support'],
};

/**
 * The love model's parameters: the pair engine's dynamics with the love weights. The band is wider than the work
 * model's on purpose: the love dimensions come from documented rules no outcome has validated (score error 12), and
 * pair-specific prediction is weak (Joel et al. 2017), so the unexplained pair residual is larger.
 */
export const LOVE_PARAMS: Params = {
  ...DEFAULT_PARAMS,
  version: 'love-1.0-prior',
  kinds: { ...DEFAULT_PARAMS.kinds, LOVE: LOVE_WEIGHTS, FRIEND: FRIEND_WEIGHTS },
  band: { ...DEFAULT_PARAMS.band, defaultScoreError: 12, residual: { startSd: 12, yearSd: 30 } },
};

/** Explanation input names of the love model (the engine's k, p, l, lSimilarity read as love dimensions). */
const INPUT_NAMES: Record<string, string> = { k: 'intimacy', p: 'passion', l: 'commitment', lSimilarity: 'commitmentMatch' };

const inRange = (x: unknown, lo: number, hi: number): boolean => typeof x === 'number' && Number.isFinite(x) && x >= lo && x <= hi;

function validateLovePerson(person: LovePerson, where: string): void {
  if (typeof person?.id !== 'string') throw new EngineError('invalid_input', `${where}: id`);
  for (const key of ['intimacy', 'passion', 'commitment'] as const) {
    if (!inRange(person[key], 0, 100)) throw new EngineError('invalid_input', `${where}.${key} must be in [0, 100]`);
  }
  if (person.familyStability !== undefined && !inRange(person.familyStability, 0, 1))
    throw new EngineError('invalid_input', `${where}.familyStability must be in [0, 1]`);
}

/** A love person as the pair engine's person under LOVE_PARAMS. The grade is unused (first.grade is 0). */
export function loveSpecialist(person: LovePerson): Specialist {
  const mean = (person.intimacy + person.passion + person.commitment) / 3;
  return {
    id: person.id,
    k: person.intimacy,
    p: person.passion,
    l: person.commitment,
    grade: GRADES[clamp(Math.floor(mean / (100 / GRADES.length)), 0, GRADES.length - 1)]!,
    traits: {
      // Held neutral: the dominance clash of the storm reads these two, and a love person has no career.
      managerialExperience: 0.5,
      entrepreneurship: 0.5,
      ...(person.familyStability !== undefined ? { familyStability: person.familyStability } : {}),
    },
    ...(person.age !== undefined ? { age: person.age } : {}),
    ...(person.gender !== undefined ? { gender: person.gender } : {}),
    ...(person.completeness !== undefined ? { completeness: person.completeness } : {}),
  };
}

/**
 * One line per input and person: the actor and partner effects of one person's trait are two terms of the engine
 * (how she feels, how others fare with her) but one fact for the reader, so they are summed.
 */
function loveExplanation(items: ExplanationItem[], top: number): ExplanationItem[] {
  const merged = new Map<string, ExplanationItem>();
  for (const item of items) {
    const input = INPUT_NAMES[item.input] ?? item.input;
    const key = `${item.personId ?? ''}|${input}`;
    const seen = merged.get(key);
    if (seen) seen.points += item.points;
    else merged.set(key, { ...item, input });
  }
  return [...merged.values()]
    .filter((item) => Math.abs(item.points) >= 0.05)
    .sort((p, q) => Math.abs(q.points) - Math.abs(p.points))
    .slice(0, top);
}

/**
 * Heading grades of the love report from both people's dimensions and the forecast:
 * LOVE (Sternberg): passion = mean passion with the first impression, intimacy = mean intimacy with the settled
 * level, commitment = the less committed partner (commitment is only as strong as its weaker side) with the year.
 * FRIEND: enjoyment = the year, trust = mean commitment with the settled level less the storm, support = mean
 * intimacy with the settled level.
 */
function loveBlocks(req: LoveRequest, f: PairForecast): PairForecast['blocks'] {
  const pct = (rating: number) => clamp((rating + 100) / 2, 0, 100);
  const mean = (key: 'intimacy' | 'passion' | 'commitment') => (req.a[key] + req.b[key]) / 2;
  const settled = pct(f.outlook.settled);
  const raw: Array<{ name: string; score: number }> =
    req.kind === 'LOVE'
      ? [
          { name: 'passion', score: 0.5 * mean('passion') + 0.5 * pct(f.expectations.firstImpression) },
          { name: 'intimacy', score: 0.5 * mean('intimacy') + 0.5 * settled },
          { name: 'commitment', score: 0.5 * Math.min(req.a.commitment, req.b.commitment) + 0.5 * f.yearlySatisfaction },
        ]
      : [
          { name: 'enjoyment', score: f.yearlySatisfaction },
          { name: 'trust', score: 0.5 * mean('commitment') + 0.5 * settled },
          { name: 'support', score: 0.5 * mean('intimacy') + 0.5 * settled },
        ];
  return raw.map(({ name, score }) => {
    const s = clamp(score, 0, 100);
    return { name, score: s, grade: gradeOf(s) };
  });
}

/**
 * A LOVE or FRIEND forecast of two love persons: the pair engine under LOVE_PARAMS, with the love model's heading
 * grades and explanation. Deterministic (the band is seeded from the inputs) and symmetric: swapping a and b
 * changes nothing shared (daily series, compatibility, band, blocks).
 */
export function forecastLove(req: LoveRequest, options: PairOptions = {}): PairForecast {
  if (req?.kind !== 'LOVE' && req?.kind !== 'FRIEND') throw new EngineError('invalid_input', `kind ${String(req?.kind)} is not a love kind`);
  validateLovePerson(req.a, 'a');
  validateLovePerson(req.b, 'b');
  const top = options.explainTop ?? 5;
  const forecast = forecastPair(
    {
      a: loveSpecialist(req.a),
      b: loveSpecialist(req.b),
      kind: req.kind,
      mode: req.mode ?? 0,
      ...(req.intensity !== undefined ? { intensity: req.intensity } : {}),
      manager: null,
      ...(req.startDay !== undefined ? { startDay: req.startDay } : {}),
    },
    LOVE_PARAMS,
    // Twice the lines asked for, so merging a person's two terms still leaves enough.
    { ...options, explainTop: top > 0 ? top * 2 : 0 },
  );
  return { ...forecast, blocks: loveBlocks(req, forecast), explanation: loveExplanation(forecast.explanation, top) };
}
