/**
 * Access rules: what an owner may do, derived from the plan in force and the account (spec sections 3, 4 and 6).
 * This is the contract the other modules call; the server enforces it on every gated call, the UI only mirrors it.
 *
 * - `accessRulesFor(db, ownerId)` returns `{ allowTeams, allowScene, needVerify, allowCreateTeams, allowCompareTeams,
 *   teamCap, plan, hideExpertise }`. The plan in force is the subscription's plan while it is `active`; a subscription
 *   that is `past_due`, `incomplete`, `canceled` or cancelled past its period end gives NONE. NONE hides expertise.
 *   `teamCap` null means no cap (UNLIMITED).
 * - `assertAccess(db, ownerId, rule)` throws `AppError('verify_account')` for an unverified owner and
 *   `AppError('subscription_required')` (403) when the rule is false; it returns the rules otherwise.
 * - `assertTeamCap(db, ownerId, currentTeamCount)` checks `allowCreateTeams` as above, then throws
 *   `AppError('team_limit_reached')` (403, 'Достигнуто максимальное количество команд в подписке') when the owner
 *   already has `teamCap` teams or more. Call it before creating a team, with the count of the owner's teams.
 * - `onAccessRulesChanged(listener)` is called with an owner id after anything that may change that owner's rules
 *   (subscribe, change, cancel, resume, payment, renewal, `POST /api/payment/sync-access-rules`); the websocket gate
 *   subscribes to it and pushes `syncAccessRules` with `accessRulesFor(...)`. Other modules call
 *   `notifyAccessRulesChanged(ownerId)` after scene create and delete. Listeners run in this process only.
 * - `pairUnlocked(db, ownerId, id1, id2)` tells whether the owner paid the one-off unlock of the full love report
 *   of that pair (either order).
 */
import { EventEmitter } from 'node:events';
import { allows, rulesOfPlan, type Capability, type AccessRule, type AccessRules, type PlanId } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { paymentClockAt } from './payment-clock.ts';
import { findAccessFacts, findPairUnlock, type AccessFacts } from './payments.repository.ts';

/**
 * An owner's access facts as a sub-select of another module's statement (the profile read carries them, so a read is
 * one round trip); `rulesFromFacts` turns what it returns into the rules.
 */
export { accessFactsSql as accessFactsOf, type AccessFacts } from './payments.repository.ts';
/** Whether the owner paid a pair's unlock (see `pairUnlocked`), as a sub-select of another module's statement. */
export { pairUnlockedSql as pairUnlockedOf } from './payments.repository.ts';

const changes = new EventEmitter();
changes.setMaxListeners(0);
const CHANGED = 'changed';

/** Subscribes to access-rule changes; returns the unsubscribe. */
export function onAccessRulesChanged(listener: (ownerId: string) => void): () => void {
  changes.on(CHANGED, listener);
  return () => changes.off(CHANGED, listener);
}

export function notifyAccessRulesChanged(ownerId: string): void {
  changes.emit(CHANGED, ownerId);
}

/** The plan in force at `now`: the subscription's while it is active and not ended by a cancellation, NONE otherwise. */
export function planInForce(sub: AccessFacts['subscription'] | undefined, now: Date): PlanId {
  if (!sub || sub.status !== 'active') return 'NONE';
  if (sub.cancelAtPeriodEnd && sub.currentPeriodEnd <= now) return 'NONE';
  return sub.plan as PlanId;
}

/** Rules of a plan for an owner whose account is (or is not) verified. */
export function rulesOf(plan: PlanId, verified: boolean): AccessRules {
  return rulesOfPlan(plan, verified);
}

/** The rules of an owner with these facts; no facts means no such owner. */
export function rulesFromFacts(facts: AccessFacts | null): AccessRules {
  if (!facts) throw new AppError('user_not_found');
  return rulesOf(planInForce(facts.subscription ?? undefined, paymentClockAt(facts.clockOffsetMs)), facts.verified);
}

/** One statement: the account, its subscription and the processor's clock together. */
export async function accessRulesFor(db: Db, ownerId: string): Promise<AccessRules> {
  return rulesFromFacts(await findAccessFacts(db, ownerId));
}

export async function assertAccess(db: Db, ownerId: string, rule: AccessRule): Promise<AccessRules> {
  const rules = await accessRulesFor(db, ownerId);
  if (rules.needVerify) throw new AppError('verify_account');
  if (!rules[rule]) throw new AppError('subscription_required');
  return rules;
}

/**
 * A capability of the table that needs no verified account (creating profiles, pair checks): throws
 * `subscription_required` when the plan in force lacks it.
 */
export async function assertCapability(db: Db, ownerId: string, capability: Capability): Promise<AccessRules> {
  return assertCapabilityIn(await findAccessFacts(db, ownerId), capability);
}

/** The rules of access facts read with another statement (`accessFactsOf`), when they allow the capability. */
export function assertCapabilityIn(facts: AccessFacts | null, capability: Capability): AccessRules {
  const rules = rulesFromFacts(facts);
  if (!allows(rules, capability)) throw new AppError('subscription_required');
  return rules;
}

export async function assertTeamCap(db: Db, ownerId: string, currentTeamCount: number): Promise<AccessRules> {
  const rules = await assertAccess(db, ownerId, 'allowCreateTeams');
  if (rules.teamCap !== null && currentTeamCount >= rules.teamCap) throw new AppError('team_limit_reached');
  return rules;
}

export async function pairUnlocked(db: Db, ownerId: string, id1: string, id2: string): Promise<boolean> {
  const [low, high] = id1 < id2 ? [id1, id2] : [id2, id1];
  return (await findPairUnlock(db, ownerId, low, high))?.status === 'paid';
}
