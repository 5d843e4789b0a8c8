import type { KindWeights, Params } from './params.ts';
import type { pairSetup, Term, Unit } from './pair-model.ts';
import { coreOf, DAYS, run } from './pair-dynamics.ts';
import type { ExplanationItem } from './pair-types.ts';
import type { InteractionMode } from './types.ts';

/** Reused buffer for the counterfactual runs (synchronous, never returned). */
const scratch = new Float64Array(DAYS);

/** The inputs that moved the shared settled rating (and, for settings, compatibility) most; docs section 3.2. */
export function explainPair(x: {
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
  // A person's trait enters twice: as actor (how they feel about the other) and as partner (how the other feels about
  // them). Both are one input of one person, so they are named once, with the points of both added.
  const byTrait = new Map<string, ExplanationItem>();
  const addPersonTerm = (t: Term, points: number) => {
    const key = `${t.personId}\u0000${t.input}`;
    const seen = byTrait.get(key);
    if (seen) byTrait.set(key, { ...seen, factor: 'person', points: seen.points + points });
    else byTrait.set(key, { factor: t.factor, personId: t.personId, input: t.input, points });
  };
  for (const t of x.terms.ab) addPersonTerm(t, (slopeAB * t.raw) / 2);
  for (const t of x.terms.ba) addPersonTerm(t, (slopeBA * t.raw) / 2);
  const items: ExplanationItem[] = [...byTrait.values()];
  for (const t of x.terms.rel) items.push({ factor: 'relationship', personId: null, input: t.input, points: ((slopeAB + slopeBA) / 2) * t.raw });
  const yearlyWith = (mode: InteractionMode, hours: number): number =>
    run(coreOf(x.w, x.a, x.b, x.m, mode, hours, x.params).core, scratch, null, null, x.params);
  // At the reference intensity, or in the office, the counterfactual is the forecast itself: no run needed.
  const reference = x.params.dynamics.referenceHours;
  if (x.hours !== reference) items.push({ factor: 'interaction', personId: null, input: 'intensity', points: x.yearly - yearlyWith(x.mode, reference) });
  if (x.mode !== 0) items.push({ factor: 'interaction', personId: null, input: 'mode', points: x.yearly - yearlyWith(0, x.hours) });
  if (x.m) items.push({ factor: 'manager', personId: x.m.id, input: 'quality', points: x.shift });
  return items
    .filter((i) => i.points !== 0)
    .sort((p, q) => Math.abs(q.points) - Math.abs(p.points))
    .slice(0, x.top);
}
