import { clamp } from './bands.ts';
import type { KindWeights, Params } from './params.ts';
import type { Grade, InteractionMode, Specialist, TraitName } from './types.ts';
import { centred, fitOf, pairScales, stormOf, type PairScales, type WorkStyle } from './work-style.ts';

/** Grades in order, JUNIOR first. */
export const GRADES: readonly Grade[] = ['JUNIOR', 'JUNIOR PLUS', 'MIDDLE', 'MIDDLE PLUS', 'SENIOR', 'SENIOR PLUS'];

/** A specialist reduced to the centred numbers the model uses: scores z in [-1, 1], traits c in [-1, 1]. */
export type Unit = {
  id: string;
  k: number;
  p: number;
  l: number;
  zk: number;
  zp: number;
  zl: number;
  /** Age in years, or null when not given (then no age term is read). */
  age: number | null;
  /** Grade centred: JUNIOR -1 … SENIOR PLUS 1. */
  grade: number;
  c: Record<TraitName, number>;
  /** Dominance in [0, 1]: mean of managerial experience and entrepreneurship. */
  dominance: number;
  scoreError: number;
  /** Work style as given (a scale left out reads as the population's centre); only kinds with `style` weights read it. */
  ws: Partial<WorkStyle>;
  /** Measurement error of each work-style scale, widened for missing answers like the score error. */
  styleError: number;
};

const TRAITS: readonly TraitName[] = ['managerialExperience', 'workExperience', 'entrepreneurship', 'relocation', 'familyStability'];

function traitOf(s: Specialist, name: TraitName): number {
  return clamp(s.traits?.[name] ?? 0.5, 0, 1);
}

/**
 * Score error widened for missing answers: a score from a share c of the answers carries about 1 / sqrt(c) times the
 * error of a full one (the standard error of a mean over fewer items; imputed answers add no information).
 */
export function effectiveScoreError(scoreError: number, completeness: number | undefined, minCompleteness: number): number {
  if (completeness === undefined || completeness >= 1) return scoreError;
  return scoreError / Math.sqrt(Math.max(minCompleteness, completeness));
}

/** Centres scores and traits; missing traits are 0.5. */
export function toUnit(s: Specialist, defaultScoreError = 0, minCompleteness = 0.1, styleError = 0): Unit {
  const c = {} as Record<TraitName, number>;
  for (const name of TRAITS) c[name] = 2 * traitOf(s, name) - 1;
  const gradeIndex = GRADES.indexOf(s.grade);
  return {
    id: s.id,
    k: s.k,
    p: s.p,
    l: s.l,
    zk: (s.k - 50) / 50,
    zp: (s.p - 50) / 50,
    zl: (s.l - 50) / 50,
    age: s.age ?? null,
    grade: (gradeIndex - 2.5) / 2.5,
    c,
    dominance: (traitOf(s, 'managerialExperience') + traitOf(s, 'entrepreneurship')) / 2,
    scoreError: effectiveScoreError(s.scoreError ?? defaultScoreError, s.completeness, minCompleteness),
    ws: { ...s.workStyle },
    styleError: effectiveScoreError(styleError, s.completeness, minCompleteness),
  };
}

/** A unit with other K, P, L (for sampling score error); the rest is shared. */
export function withScores(u: Unit, k: number, p: number, l: number): Unit {
  return { ...u, k, p, l, zk: (k - 50) / 50, zp: (p - 50) / 50, zl: (l - 50) / 50 };
}

/** One named contribution to a raw score, for explanations. */
export type Term = { factor: 'actor' | 'partner' | 'relationship'; personId: string | null; input: string; raw: number };

/**
 * A weighted input, or exactly 0 when its weight is 0: an input a kind does not weigh is not read at all, so it
 * cannot move a result even by the sign of a zero (work forecasts rely on this for age and family stability).
 */
const weigh = (weight: number, read: () => number): number => (weight === 0 ? 0 : weight * read());

/** Sums named terms, leaving out unweighted ones (they are not inputs of this kind, so not explained either). */
function sumTerms(parts: ReadonlyArray<[string, number, number]>, factor: 'actor' | 'partner', personId: string, terms: Term[] | undefined): number {
  let sum = 0;
  for (const [input, weight, raw] of parts) {
    if (weight === 0) continue;
    sum += raw;
    terms?.push({ factor, personId, input, raw });
  }
  return sum;
}

/** Age similarity in [-1, 1] (1 same age, -1 ten or more years apart); 0 when either age is unknown. */
const ageCloseness = (a: Unit, b: Unit): number => (a.age === null || b.age === null ? 0 : clamp(1 - Math.abs(a.age - b.age) / 10, -1, 1));

/** Actor effect (raw): how this person's own traits colour every relationship; appends terms when asked. */
export function actorEffect(w: KindWeights, u: Unit, terms?: Term[]): number {
  const a = w.actor;
  const parts: Array<[string, number, number]> = [
    ['k', a.k, weigh(a.k, () => u.zk)],
    ['p', a.p, weigh(a.p, () => u.zp)],
    ['l', a.l, weigh(a.l, () => u.zl)],
    ['familyStability', a.familyStability, weigh(a.familyStability, () => u.c.familyStability)],
    ['workExperience', a.workExperience, weigh(a.workExperience, () => u.c.workExperience)],
    ['relocation', a.relocation, weigh(a.relocation, () => u.c.relocation)],
  ];
  const st = w.style;
  if (st) {
    parts.push(
      ['style.cooperation', st.actor.cooperation, weigh(st.actor.cooperation, () => centred(u.ws, st, 'cooperation'))],
      ['style.steadiness', st.actor.steadiness, weigh(st.actor.steadiness, () => centred(u.ws, st, 'steadiness'))],
      ['style.openness', st.actor.openness, weigh(st.actor.openness, () => centred(u.ws, st, 'openness'))],
    );
  }
  return sumTerms(parts, 'actor', u.id, terms);
}

/** Partner effect (raw): how people in general fare with this person. */
export function partnerEffect(w: KindWeights, u: Unit, terms?: Term[]): number {
  const b = w.partner;
  const parts: Array<[string, number, number]> = [
    ['k', b.k, weigh(b.k, () => u.zk)],
    ['p', b.p, weigh(b.p, () => u.zp)],
    ['l', b.l, weigh(b.l, () => u.zl)],
    ['familyStability', b.familyStability, weigh(b.familyStability, () => u.c.familyStability)],
    ['entrepreneurship', b.entrepreneurship, weigh(b.entrepreneurship, () => u.c.entrepreneurship)],
  ];
  const st = w.style;
  if (st) {
    parts.push(
      ['style.cooperation', st.partner.cooperation, weigh(st.partner.cooperation, () => centred(u.ws, st, 'cooperation'))],
      ['style.reliability', st.partner.reliability, weigh(st.partner.reliability, () => centred(u.ws, st, 'reliability'))],
      ['style.steadiness', st.partner.steadiness, weigh(st.partner.steadiness, () => centred(u.ws, st, 'steadiness'))],
    );
  }
  return sumTerms(parts, 'partner', u.id, terms);
}

/** One term of the relationship effect: recorded when asked, and added to the sum. */
function relationshipTerm(terms: Term[] | undefined, sum: number, input: string, raw: number): number {
  terms?.push({ factor: 'relationship', personId: null, input, raw });
  return sum + raw;
}

/**
 * Symmetric in its two units by construction (absolute differences only). Terms of weight 0 are neither read nor
 * added. sa and sb are the two people's style scales when the caller has them (a team reads them once per person).
 */
export function relationshipEffect(w: KindWeights, a: Unit, b: Unit, terms?: Term[], sa?: PairScales, sb?: PairScales): number {
  const r = w.relationship;
  let sum = 0;
  if (r.lSimilarity !== 0) sum = relationshipTerm(terms, sum, 'lSimilarity', r.lSimilarity * (1 - Math.abs(a.l - b.l) / 50));
  if (r.ageGap !== 0) sum = relationshipTerm(terms, sum, 'ageGap', r.ageGap * ageCloseness(a, b));
  // Learning works best across a moderate qualification gap (25 points); none or a huge one helps little.
  if (r.mentoring !== 0) sum = relationshipTerm(terms, sum, 'mentoring', r.mentoring * clamp(1 - Math.abs(Math.abs(a.k - b.k) / 100 - 0.25) / 0.25, -1, 1));
  const st = w.style;
  if (st && (st.relationship.planningFit !== 0 || st.relationship.autonomyFit !== 0)) {
    const x = sa ?? pairScales(a.ws, st);
    const y = sb ?? pairScales(b.ws, st);
    if (st.relationship.planningFit !== 0) sum = relationshipTerm(terms, sum, 'style.planningFit', st.relationship.planningFit * fitOf(x.planning, y.planning));
    if (st.relationship.autonomyFit !== 0) sum = relationshipTerm(terms, sum, 'style.autonomyFit', st.relationship.autonomyFit * fitOf(x.autonomy, y.autonomy));
  }
  return sum;
}

/** The fixed numbers of one pair: settled and first-impression ratings per perspective, storm depth. */
export type PairSetup = {
  /** Settled rating of a about b, and of b about a, before any manager shift; points in [-100, 100]. */
  settledAB: number;
  settledBA: number;
  firstAB: number;
  firstBA: number;
  /** Raw (pre-tanh) settled scores, for linearised explanations. */
  rawAB: number;
  rawBA: number;
  /** Partner effects: how people in general fare with a, and with b (raw). */
  partnerA: number;
  partnerB: number;
  /** Storm depth in points before mode and manager damping. */
  storm: number;
};

/** Settled and first ratings of both perspectives and the storm depth of a pair (docs/forecast-model.md section 2). */
export function pairSetup(w: KindWeights, a: Unit, b: Unit, params: Params, terms?: { ab: Term[]; ba: Term[]; rel: Term[] }): PairSetup {
  const rel = relationshipEffect(w, a, b, terms?.rel);
  const actA = actorEffect(w, a, terms?.ab);
  const actB = actorEffect(w, b, terms?.ba);
  const partnerB = partnerEffect(w, b, terms?.ab);
  const partnerA = partnerEffect(w, a, terms?.ba);
  return pairSetupFrom(w, a, b, params, { rel, actA, actB, partnerA, partnerB });
}

/** A pair's raw effects: relationship, each person's actor effect and partner effect (see pairSetup); style scales if read. */
type PairEffects = { rel: number; actA: number; actB: number; partnerA: number; partnerB: number; scalesA?: PairScales; scalesB?: PairScales };

/**
 * pairSetup from effects already known: a team computes each person's actor and partner effects once, not once per
 * pair (they depend on the person alone), and gets the very same numbers.
 */
export function pairSetupFrom(w: KindWeights, a: Unit, b: Unit, params: Params, effects: PairEffects): PairSetup {
  const { rel, actA, actB, partnerA, partnerB } = effects;
  const rawAB = actA + partnerB + rel;
  const rawBA = actB + partnerA + rel;
  const ageSim = weigh(w.first.ageSimilarity, () => ageCloseness(a, b));
  const s = params.tanhScale;
  const clash = a.dominance * b.dominance;
  return {
    settledAB: 100 * Math.tanh(s * rawAB),
    settledBA: 100 * Math.tanh(s * rawBA),
    firstAB: 100 * Math.tanh(s * (w.first.actorShare * actA + w.first.grade * b.grade + ageSim)),
    firstBA: 100 * Math.tanh(s * (w.first.actorShare * actB + w.first.grade * a.grade + ageSim)),
    rawAB,
    rawBA,
    partnerA,
    partnerB,
    storm: w.style
      ? stormOf(w.style, effects.scalesA ?? pairScales(a.ws, w.style), effects.scalesB ?? pairScales(b.ws, w.style))
      : w.stormDepth * clamp(1 - (a.l + b.l) / 200, 0, 1) * (0.5 + clash),
  };
}

/** Days to close 63% of the gap to the settled level; shorter with more hours, longer remote. */
export function tauDays(hours: number, mode: InteractionMode, params: Params): number {
  const d = params.dynamics;
  const tau = d.tauDays * Math.pow(d.referenceHours / hours, d.intensityExponent) * (mode === 1 ? d.remoteTauFactor : 1);
  return clamp(tau, d.tauMin, d.tauMax);
}

/** Manager quality in [-1, 1] from maturity, professionalism and managerial experience. */
export function managerQuality(m: Unit): number {
  return clamp(0.3 * m.zl + 0.3 * m.zp + 0.4 * m.c.managerialExperience, -1, 1);
}

/** Rating on a day from the gap share e in [0, 1] still open: first impression at e = 1, settled at e = 0. */
export function ratingAt(settled: number, first: number, storm: number, e: number): number {
  return clamp(settled + (first - settled) * e - 4 * storm * e * (1 - e), -100, 100);
}
