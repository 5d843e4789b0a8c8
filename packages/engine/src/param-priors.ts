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

/** Every concrete path of a prior (`*` expanded over the kinds of these parameters). */
function expand(path: string, params: Params): string[] {
  return path.includes('*') ? Object.keys(params.kinds).sort().map((kind) => path.replace('*', kind)) : [path];
}

/**
 * One draw of the parameters from their priors. Consumes the same number of random numbers whatever the values, in a
 * fixed order (priors in table order, kinds sorted), so a draw depends only on the generator's seed. A zero stays
 * zero (lognormal) and bounded values stay in bounds.
 */
export function sampleParams(params: Params, rng: Rng, priors: readonly ParamPrior[] = PARAM_PRIORS): Params {
  const out = structuredClone(params);
  for (const prior of priors) {
    for (const path of expand(prior.path, params)) {
      const keys = path.split('.');
      const last = keys.pop()!;
      const node = keys.reduce<Node>((at, key) => at[key] as Node, out as unknown as Node);
      const value = node[last] as number;
      if (prior.dist === 'lognormal') node[last] = value * Math.exp(prior.spread * rng.normal());
      else {
        const u = value + prior.spread * (2 * rng.next() - 1);
        node[last] = Math.min(prior.max ?? Number.POSITIVE_INFINITY, Math.max(prior.min ?? Number.NEGATIVE_INFINITY, u));
      }
    }
  }
  return out;
}
