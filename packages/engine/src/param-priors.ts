import type { Params } from './params.ts';
import type { Rng } from './prng.ts';

/**
 * Prior distribution of one tunable parameter around its point value (docs/forecast-model.md, section 7.2).
 * `lognormal`: value × exp(spread · N(0, 1)), so a weight keeps its sign and a weight of 0 stays exactly 0 (an input a
 * kind does not read, such as age in work forecasts, can never be switched on by a draw). `uniform`: value +
 * U(-spread, spread), clamped to [min, max].
 */
export type ParamPrior = { path: string; dist: 'lognormal' | 'uniform'; spread: number; min?: number; max?: number };

/** `*` in a path stands for every pair kind. Parameters not listed are definitions, not estimates, and stay fixed. */
export const PARAM_PRIORS: readonly ParamPrior[] = [
  { path: 'tanhScale', dist: 'lognormal', spread: 0.15 },
  { path: 'kinds.*.actor.k', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.actor.p', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.actor.l', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.actor.familyStability', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.actor.workExperience', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.actor.relocation', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.partner.k', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.partner.p', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.partner.l', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.partner.familyStability', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.partner.entrepreneurship', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.relationship.lSimilarity', dist: 'lognormal', spread: 0.5 },
  { path: 'kinds.*.relationship.ageGap', dist: 'lognormal', spread: 0.5 },
  { path: 'kinds.*.relationship.mentoring', dist: 'lognormal', spread: 0.5 },
  { path: 'kinds.*.first.actorShare', dist: 'uniform', spread: 0.15, min: 0, max: 1 },
  { path: 'kinds.*.first.grade', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.first.ageSimilarity', dist: 'lognormal', spread: 0.3 },
  { path: 'kinds.*.stormDepth', dist: 'lognormal', spread: 0.3 },
  { path: 'dynamics.tauDays', dist: 'lognormal', spread: 0.4 },
  { path: 'dynamics.intensityExponent', dist: 'uniform', spread: 0.2, min: 0, max: 1 },
  { path: 'dynamics.remoteTauFactor', dist: 'lognormal', spread: 0.15 },
  { path: 'dynamics.remoteStormFactor', dist: 'uniform', spread: 0.15, min: 0, max: 1 },
  { path: 'dynamics.midpointShift', dist: 'uniform', spread: 0.15, min: 0, max: 1 },
  { path: 'manager.shift', dist: 'lognormal', spread: 0.4 },
  { path: 'manager.stormDamping', dist: 'uniform', spread: 0.2, min: 0, max: 1 },
  { path: 'competence.learningPerMonth', dist: 'lognormal', spread: 0.5 },
  { path: 'competence.maturityPerYear', dist: 'lognormal', spread: 0.5 },
  { path: 'team.engagementFloor', dist: 'uniform', spread: 0.1, min: 0, max: 1 },
  { path: 'team.integrationTauDays', dist: 'lognormal', spread: 0.3 },
  { path: 'team.cohesion.spreadPenalty', dist: 'lognormal', spread: 0.3 },
  { path: 'team.guimera.incumbents', dist: 'lognormal', spread: 0.4 },
  { path: 'team.guimera.repeatPairs', dist: 'lognormal', spread: 0.4 },
];

type Node = Record<string, unknown>;

/** A copy deep enough that every prior's target is a fresh object (sampling never writes into the caller's params). */
function cloneParams(p: Params): Params {
  const kinds = {} as Params['kinds'];
  for (const kind of Object.keys(p.kinds) as Array<keyof Params['kinds']>) {
    const w = p.kinds[kind];
    kinds[kind] = { ...w, actor: { ...w.actor }, partner: { ...w.partner }, relationship: { ...w.relationship }, first: { ...w.first } };
  }
  const t = p.team;
  return {
    ...p,
    kinds,
    dynamics: { ...p.dynamics },
    manager: { ...p.manager },
    competence: { ...p.competence, expertise: { ...p.competence.expertise } },
    team: {
      ...t,
      cohesion: { ...t.cohesion },
      competence: { ...t.competence },
      performance: { ...t.performance },
      guimera: { ...t.guimera },
      suitability: { ...t.suitability },
    },
    band: { ...p.band, residual: { ...p.band.residual } },
  };
}

type Target = { parent: string[]; key: string; prior: ParamPrior };

/** Priors expanded to concrete paths (`*` over the kinds, sorted), cached per priors table and kind list. */
const compiled = new WeakMap<readonly ParamPrior[], Map<string, Target[]>>();

function targetsOf(priors: readonly ParamPrior[], params: Params): Target[] {
  const kinds = Object.keys(params.kinds).sort();
  const id = kinds.join(',');
  let byKinds = compiled.get(priors);
  if (!byKinds) compiled.set(priors, (byKinds = new Map()));
  let targets = byKinds.get(id);
  if (!targets) {
    targets = priors.flatMap((prior) =>
      (prior.path.includes('*') ? kinds.map((kind) => prior.path.replace('*', kind)) : [prior.path]).map((path) => {
        const keys = path.split('.');
        const key = keys.pop()!;
        return { parent: keys, key, prior };
      }),
    );
    byKinds.set(id, targets);
  }
  return targets;
}

/**
 * One draw of the parameters from their priors. Consumes one random number per concrete path, in a fixed order
 * (priors in table order, kinds sorted), so a draw depends only on the generator's state. A zero stays zero
 * (lognormal) and bounded values stay in bounds.
 */
export function sampleParams(params: Params, rng: Rng, priors: readonly ParamPrior[] = PARAM_PRIORS): Params {
  const out = cloneParams(params);
  for (const { parent, key, prior } of targetsOf(priors, params)) {
    let node = out as unknown as Node;
    for (const k of parent) node = node[k] as Node;
    const value = node[key] as number;
    if (prior.dist === 'lognormal') node[key] = value * Math.exp(prior.spread * rng.normal());
    else
      node[key] = Math.min(prior.max ?? Number.POSITIVE_INFINITY, Math.max(prior.min ?? Number.NEGATIVE_INFINITY, value + prior.spread * (2 * rng.next() - 1)));
  }
  return out;
}
