import { brandForHost } from '../mail/mail.brand.ts';
import { eraseProfile, ownerProfilesUrl, type PersonDeps } from './person-page.service.ts';
import { profileUsage } from './profile-usage.ts';
import { markRetentionWarned, ownerContact, retentionCandidates, type ProfileRow } from './profiles.repository.ts';

/** The owner is warned this many days before an unused profile is deleted. */
export const RETENTION_WARNING_DAYS = 7;
/** How often the retention sweep runs, in milliseconds. */
export const RETENTION_SWEEP_MS = 60 * 60 * 1000;
/** Profiles looked at per pass and step; the next pass takes the rest. */
const BATCH = 500;
/** Who deletes in the audit log. */
const RETENTION_ACTOR = 'retention';

const DAY_MS = 86_400_000;

const inUse = async (deps: PersonDeps, row: ProfileRow) => {
  const usage = await profileUsage(deps.db, row.id);
  return usage.teams + usage.evaluations > 0;
};

async function warnOwners(deps: PersonDeps, rows: ProfileRow[], deleteOn: Date, retentionDays: number): Promise<void> {
  const byOwner = new Map<string, ProfileRow[]>();
  for (const row of rows) if (row.ownerId) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
  for (const [ownerId, own] of byOwner) {
    const holder = await ownerContact(deps.db, ownerId);
    if (!holder) continue;
    const locale = holder.locale ?? 'ru';
    const brand = brandForHost(deps.config, holder.love ? deps.config.LOVE_HOSTS[0] : undefined);
    const names = own.map((row) => [row.firstName, row.lastName].filter(Boolean).join(' ') || '—').join(', ');
    const date = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(deleteOn);
    await deps.mailer.send({
      to: holder.email,
      kind: 'retention',
      locale,
      brand,
      link: ownerProfilesUrl(brand.baseUrl, holder.love),
      values: { names, date, days: String(retentionDays) },
    });
  }
}

/**
 * One pass of the retention rule (docs/privacy.md): a profile that no pair, team or report uses, sent (or created)
 * more than `retentionDays` ago, is deleted with everything derived from it, as a withdrawal erases it; its owner was
 * warned by mail at least RETENTION_WARNING_DAYS before. A warned profile that got used meanwhile is kept, and its
 * warning forgotten. `now` is the caller's clock (the tests move it).
 */
export async function sweepRetention(deps: PersonDeps, retentionDays: number, now = new Date()): Promise<{ warned: string[]; deleted: string[] }> {
  if (retentionDays <= 0) return { warned: [], deleted: [] };
  const warningMs = RETENTION_WARNING_DAYS * DAY_MS;
  const deleted: string[] = [];
  const kept: string[] = [];
  for (const row of await retentionCandidates(
    deps.db,
    new Date(now.getTime() - retentionDays * DAY_MS),
    { warnedBefore: new Date(now.getTime() - warningMs) },
    BATCH,
  )) {
    if (await inUse(deps, row)) kept.push(row.id);
    else if (await eraseProfile(deps, row.id, 'deleted', RETENTION_ACTOR, now)) deleted.push(row.id);
  }
  await markRetentionWarned(deps.db, kept, null);
  const due = await retentionCandidates(deps.db, new Date(now.getTime() - retentionDays * DAY_MS + warningMs), null, BATCH);
  const unused: ProfileRow[] = [];
  for (const row of due) if (!(await inUse(deps, row))) unused.push(row);
  await markRetentionWarned(
    deps.db,
    unused.map((row) => row.id),
    now,
  );
  await warnOwners(deps, unused, new Date(now.getTime() + warningMs), retentionDays);
  return { warned: unused.map((row) => row.id), deleted };
}
