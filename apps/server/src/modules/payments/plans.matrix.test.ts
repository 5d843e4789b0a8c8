import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  PLANS,
  PRODUCT_CAPABILITIES,
  PRODUCT_ORDER,
  rulesOfPlan,
  teamActors,
  type Capability,
  type PlanDef,
  type Product,
} from '@teamcast/contracts';
import { scenes } from '../../db/schema/index.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { scoredProfiles, subscribe } from '../scenes/scenes.test-support.ts';

/*
 * The capability table, driven through the server: for every product (the spec's plans) and every capability, the
 * route that sells it answers as the table says (allowed, or 403 subscription_required). The probes are a
 * Record<Capability, …>: a capability added to the table without a probe here does not type-check, and the run
 * checks the keys too.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Answer = { status: number; code: string | null; result: unknown };
async function call(owner: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { ...owner.headers, 'accept-language': 'en' };
  if (url.startsWith('/api/payment/') && method === 'POST') headers['idempotency-key'] = crypto.randomUUID();
  const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.json() as { result?: unknown; error?: { code: string } };
  return { status: res.statusCode, code: body.error?.code ?? null, result: body.result };
}

/** What a probe saw: 'allowed', or the error code the route answered. */
type Outcome = 'allowed' | string;
const outcome = (answer: Answer): Outcome => (answer.status < 300 ? 'allowed' : (answer.code ?? `status ${answer.status}`));

type Owner = { plan: PlanDef; owner: SignedIn; profiles: string[]; teamId: string };

/** A team stored directly, as one bought under another plan would be (plans without teams cannot create one). */
async function storedTeam(ownerId: string, ids: string[], title: string): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db
    .insert(scenes)
    .values({ id, ownerId, kind: 'team', title, startDay: '2026-11-01', summonDay: 0, lifespan: 1, actors: teamActors(ids), settings: {}, p2pRequests: [] });
  return id;
}

async function freshOwner(plan: PlanDef): Promise<{ owner: SignedIn; profiles: string[] }> {
  const owner = await createOwner(t);
  if (plan.id !== 'NONE') await subscribe(t.database.db, owner.id, plan.id);
  return { owner, profiles: await scoredProfiles(t.database.db, owner.id, 3) };
}

async function ownerOn(plan: PlanDef): Promise<Owner> {
  const { owner, profiles } = await freshOwner(plan);
  return { plan, owner, profiles, teamId: await storedTeam(owner.id, profiles, 'Stored A') };
}

const probes: Record<Capability, (o: Owner) => Promise<Outcome>> = {
  seeExpertise: async ({ owner, profiles }) => {
    const list = await call(owner, 'GET', '/api/owner/profiles');
    const items = (
      list.result as { items: Array<{ _id: string; expertise: string | null; expertiseHidden: boolean; scores: { competencies: number | null } }> }
    ).items;
    const one = items.find((item) => item._id === profiles[0])!;
    const page = (await call(owner, 'GET', `/api/owner/profiles/${profiles[0]}`)).result as { expertise: string | null; scores: { maturity: number | null } };
    const picks = ((await call(owner, 'GET', '/api/scene/profiles?eligible=true')).result as { items: Array<{ grade: string | null }> }).items;
    const explanation = outcome(await call(owner, 'GET', `/api/owner/profiles/${profiles[0]}/explanation`));
    const shown =
      one.expertise !== null &&
      one.scores.competencies !== null &&
      page.expertise !== null &&
      page.scores.maturity !== null &&
      picks.every((p) => p.grade !== null);
    const withheld =
      one.expertiseHidden &&
      one.expertise === null &&
      one.scores.competencies === null &&
      page.expertise === null &&
      page.scores.maturity === null &&
      picks.every((p) => p.grade === null);
    // Every place agrees: all shown (and the explanation answers), or all withheld (and it is refused).
    if (shown && explanation === 'allowed') return 'allowed';
    if (withheld && explanation === 'subscription_required') return 'subscription_required';
    return `inconsistent: shown ${shown}, withheld ${withheld}, explanation ${explanation}`;
  },
  createProfiles: async ({ owner }) => outcome(await call(owner, 'POST', '/api/owner/profiles', { kind: 'standard', firstName: 'Probe' })),
  pairChecks: async ({ owner, profiles }) => {
    const pair = await call(owner, 'POST', '/api/scene/p2p', { actors: [profiles[0], profiles[1]] });
    expect(pair.status).toBe(201);
    return outcome(await call(owner, 'PUT', `/api/scene/p2p/${(pair.result as { _id: string })._id}/run`, {}));
  },
  teams: async ({ plan }) => {
    // An owner with no team yet, so the plan's team cap (held under concurrency in scenes.test.ts) does not answer first.
    const { owner, profiles } = await freshOwner(plan);
    return outcome(await call(owner, 'POST', '/api/scene/scene', { title: 'Probe', startDay: '2026-11-01', actors: teamActors(profiles) }));
  },
  teamCheck: async ({ owner, profiles, teamId }) => {
    const saved = outcome(await call(owner, 'PATCH', `/api/scene/scene/${teamId}`, { actors: teamActors(profiles.slice(0, 2)) }));
    const run = outcome(await call(owner, 'PUT', `/api/scene/scene/${teamId}/run`, {}));
    return saved === run ? saved : `inconsistent: save ${saved}, run ${run}`;
  },
  simulator: async ({ owner, profiles, teamId }) => {
    // A dismissal on day 100: the manager's simulator, not the fast team check.
    const actors = teamActors(profiles).map((actor, i) =>
      i === 2 ? { ...actor, events: [...actor.events, { type: 'dismiss' as const, date: 100, value: 0, timestamp: 1 }] } : actor,
    );
    const saved = outcome(await call(owner, 'PATCH', `/api/scene/scene/${teamId}`, { actors }));
    const sandbox = outcome(await call(owner, 'POST', '/api/scene/sandbox', { title: 'Sandbox', startDay: '2026-11-01', actors }));
    return saved === sandbox ? saved : `inconsistent: team ${saved}, sandbox ${sandbox}`;
  },
  comparison: async ({ owner, profiles, teamId }) => {
    const otherTeamId = await storedTeam(owner.id, profiles.slice(0, 2), 'Stored B');
    return outcome(await call(owner, 'POST', '/api/scene/scenes/compare', { sceneIds: [teamId, otherTeamId] }));
  },
  // The monitor's routes answer what the table says (granted UNLIMITED and sold MONITOR_1M give the same).
  monitor: async ({ owner }) => outcome(await call(owner, 'GET', '/api/owner/monitors')),
};

/** The plan each product is probed on (its first in the catalogue; UNLIMITED for the monitor, NONE for no plan). */
const planOf = (product: Product): PlanDef => PLANS.find((plan) => plan.product === product)!;

describe('every product gives exactly what the capability table sells', () => {
  it('has a probe for every capability of the table', () => {
    expect(Object.keys(probes).sort()).toEqual([...CAPABILITIES].sort());
  });

  it('reports the table as the access rules of every plan', async () => {
    for (const plan of PLANS) {
      const { owner } = { owner: await createOwner(t) };
      if (plan.id !== 'NONE') await subscribe(t.database.db, owner.id, plan.id);
      expect((await call(owner, 'GET', '/api/payment/access-rules')).result).toEqual(rulesOfPlan(plan.id, true));
    }
  });

  for (const product of PRODUCT_ORDER) {
    describe(`${product} (${planOf(product).id})`, () => {
      let o: Owner;
      beforeAll(async () => {
        o = await ownerOn(planOf(product));
      });
      for (const capability of CAPABILITIES) {
        const expected = PRODUCT_CAPABILITIES[product][capability] ? 'allowed' : 'subscription_required';
        it(`${capability}: ${expected}`, async () => {
          expect(await probes[capability](o)).toBe(expected);
        });
      }
    });
  }
});
