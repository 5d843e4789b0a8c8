import crypto from 'node:crypto';
import type { SharedResult, SharePart } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { pairView, loadOwnPair } from '../pairs/pairs.service.ts';
import * as repo from './shared-results.repository.ts';

/** 144 random bits from the system's secure source: a link that cannot be guessed or walked to another pair. */
const newToken = () => crypto.randomBytes(18).toString('base64url');

/**
 * Freezes the chosen parts of a pair's latest result behind a new link. The summary is always shared; names and
 * details only when chosen, and details only once a love report is unlocked (a locked report cannot be shared open).
 */
export async function shareResult(db: Db, ownerId: string, pairId: string, parts: SharePart[]): Promise<{ data: string; parts: SharePart[] }> {
  const row = await loadOwnPair(db, ownerId, pairId);
  const view = await pairView(db, ownerId, row);
  const result = view.result;
  if (!result) throw new AppError('compatibility_not_found');
  const chosen = [...new Set(parts)];
  const details = result.details;
  if (!details && chosen.some((part) => part !== 'names')) throw new AppError('pair_report_locked');
  const has = (part: SharePart) => chosen.includes(part);
  const snapshot: SharedResult = {
    kind: result.kind,
    names: has('names') ? view.actors.map((actor) => actor?.firstName ?? actor?.name ?? '') : null,
    summary: result.summary,
    expectations: has('expectations') && details ? details.expectations : null,
    outlook: has('outlook') && details ? details.outlook : null,
    chart: has('chart') && details ? { monthly: details.monthly, months: details.months, bestMonth: details.bestMonth, worstMonth: details.worstMonth } : null,
    blocks: has('blocks') && details ? details.blocks : null,
    sharedAt: new Date().toISOString(),
  };
  const token = newToken();
  await repo.insertShare(db, { token, ownerId, pairId: row.id, parts: chosen, snapshot });
  return { data: token, parts: chosen };
}

/** What anyone with the link sees: the snapshot, nothing more. Deleting the pair ends the link. */
export async function openSharedResult(db: Db, token: string): Promise<SharedResult> {
  const row = await repo.findShare(db, token);
  if (!row) throw new AppError('link_invalid');
  return row.snapshot;
}
