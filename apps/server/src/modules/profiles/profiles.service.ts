import type { Answer, Locale, Profile, ProfileSummary, QuestionnaireKind } from '@teamcast/contracts';
import { hasContent, type ProfileCreateSchema, type ProfileUpdateSchema } from '@teamcast/contracts';
import type { z } from 'zod';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { currentQuestionnaire } from '../questionnaires/questionnaires.service.ts';
import { checkedAnswers } from './answers-check.ts';
import { deriveProfile, newPermalink } from './profile-derivation.ts';
import { moodOf, profileFacts, profileUsage } from './profile-usage.ts';
import { consentRecord } from './person-page.service.ts';
import { presentProfile, presentSummary } from './profiles.presenter.ts';
import {
  findByPermalink,
  findOwnProfile,
  findOwnProfileWithFacts,
  findProfileFacts,
  insertProfile,
  listOwnerProfiles,
  ownerInfo,
  setMainProfile,
  claimOwnerlessProfile,
  updateProfile,
  type ProfileListOptions,
  type ProfileRow,
} from './profiles.repository.ts';
import { scoreProfile } from '../scoring/scoring.service.ts';
import { accessFactsOf, assertCapability, rulesFromFacts, type AccessFacts } from '../payments/access-rules.ts';

async function mainProfileId(db: Db, ownerId: string): Promise<string | null> {
  return (await ownerInfo(db, ownerId))?.mainProfileId ?? null;
}

async function loadOwn(db: Db, ownerId: string, id: string): Promise<ProfileRow> {
  const row = await findOwnProfile(db, ownerId, id);
  if (!row) throw new AppError('profile_not_found');
  return row;
}

/** Whether an owner with these access facts sees expertise and scores (the capability table's seeExpertise); a profile without an owner shows none. */
const hiddenBy = (ownerId: string | null, access: AccessFacts | null): boolean => ownerId === null || rulesFromFacts(access).hideExpertise;

/**
 * A profile as its owner sees it, for a row the caller holds: one statement reads its facts (main profile, uses,
 * mood) and its owner's access facts.
 */
async function present(db: Db, row: ProfileRow): Promise<Profile> {
  const facts = await findProfileFacts(db, row.id, profileFacts(), accessFactsOf);
  return presentProfile(row, facts.mainProfileId, facts, hiddenBy(row.ownerId, facts.access), moodOf(facts.mood));
}

/** A list page is one statement: the rows with their moods, both counts, the main profile and the access facts. */
export async function listProfiles(
  db: Db,
  ownerId: string,
  options: ProfileListOptions,
): Promise<{ items: ProfileSummary[]; total: number; profilesCount: number; nextCursor: string | null }> {
  const { rows, total, profilesCount, mainProfileId, access, nextCursor } = await listOwnerProfiles(db, ownerId, options, profileFacts(), accessFactsOf);
  const hidden = hiddenBy(ownerId, access);
  return { items: rows.map((row) => presentSummary(row, mainProfileId, hidden, moodOf(row.mood))), total, profilesCount, nextCursor };
}

/** A read is one statement: the profile with its facts and its owner's access facts. */
export async function getProfile(db: Db, ownerId: string, id: string): Promise<Profile> {
  const read = await findOwnProfileWithFacts(db, ownerId, id, profileFacts(), accessFactsOf);
  if (!read) throw new AppError('profile_not_found');
  // The presenter copies only the fields it shows, so the row is handed on with its facts beside it.
  return presentProfile(read, read.mainProfileId, { teams: read.teams, evaluations: read.evaluations }, hiddenBy(ownerId, read.access), moodOf(read.mood));
}

export async function createProfile(db: Db, ownerId: string, input: z.output<typeof ProfileCreateSchema>): Promise<Profile> {
  await assertCapability(db, ownerId, 'createProfiles');
  const questionnaire = await currentQuestionnaire(db, input.kind);
  const row = await insertProfile(db, {
    ownerId,
    kind: input.kind,
    isShort: input.kind === 'short',
    questionnaireId: questionnaire.id,
    firstName: input.firstName,
    lastName: input.lastName ?? null,
    partnerFirstName: input.partnerFirstName ?? null,
    partnerLastName: input.partnerLastName ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    position: input.position ?? null,
    birthDate: input.birthDate ? new Date(input.birthDate) : null,
    ...newPermalink(),
  });
  return present(db, row);
}

/** A profile its person withdrew stays an empty placeholder: it cannot be filled, renamed or sent again. */
async function loadOwnActive(db: Db, ownerId: string, id: string): Promise<ProfileRow> {
  const row = await loadOwn(db, ownerId, id);
  if (row.state === 'withdrawn') throw new AppError('profile_withdrawn');
  return row;
}

export async function updateOwnProfile(db: Db, ownerId: string, id: string, input: z.output<typeof ProfileUpdateSchema>): Promise<Profile> {
  const row = await loadOwnActive(db, ownerId, id);
  const { birthDate, ...rest } = input;
  const patch = { ...rest, ...(birthDate !== undefined ? { birthDate: birthDate ? new Date(birthDate) : null } : {}) };
  return present(db, await updateProfile(db, row.id, patch));
}

/** Deleted profiles leave the list; one still used in teams or evaluations is kept for them (delete_keep). */
export async function deleteOwnProfile(db: Db, ownerId: string, id: string): Promise<{ state: 'deleted' | 'delete_keep' }> {
  const row = await loadOwn(db, ownerId, id);
  const usage = await profileUsage(db, row.id);
  const state = usage.teams + usage.evaluations > 0 ? 'delete_keep' : 'deleted';
  await updateProfile(db, row.id, { state, deletedAt: new Date() });
  if ((await mainProfileId(db, ownerId)) === row.id) await setMainProfile(db, ownerId, null);
  return { state };
}

async function loadByPermalink(db: Db, permalink: string): Promise<ProfileRow> {
  const row = await findByPermalink(db, permalink);
  if (!row || row.state === 'deleted' || row.state === 'delete_keep') throw new AppError('profile_not_found');
  return row;
}

export async function checkAttach(db: Db, permalink: string): Promise<boolean> {
  const row = await findByPermalink(db, permalink);
  return Boolean(row && row.ownerId === null && row.state === 'ack_a');
}

export async function checkAttachExist(db: Db, ownerId: string, permalink: string): Promise<boolean> {
  const row = await findByPermalink(db, permalink);
  return Boolean(row && row.ownerId === ownerId && row.state !== 'deleted' && row.state !== 'delete_keep');
}

/** Takes an ownerless completed profile; it becomes the owner's main profile when he has none. */
export async function attachProfile(db: Db, ownerId: string, permalink: string): Promise<Profile> {
  const row = await loadByPermalink(db, permalink);
  if (row.ownerId === ownerId) throw new AppError('shared_profile_exists');
  if (row.ownerId !== null) throw new AppError('profile_not_found');
  if (row.state !== 'ack_a') throw new AppError('profile_not_completed');
  // Two owners following the same link at once: the first write wins, the other is told the profile is gone.
  const attached = await claimOwnerlessProfile(db, row.id, ownerId);
  if (!attached) throw new AppError('profile_not_found');
  if (!(await mainProfileId(db, ownerId))) await setMainProfile(db, ownerId, row.id);
  return present(db, attached);
}

export async function detachProfile(db: Db, ownerId: string, id: string): Promise<{ detached: true; permalink: string }> {
  const row = await loadOwn(db, ownerId, id);
  if ((await mainProfileId(db, ownerId)) === row.id) await setMainProfile(db, ownerId, null);
  await updateProfile(db, row.id, { ownerId: null });
  return { detached: true, permalink: row.permalink };
}

export async function checkUpend(db: Db, ownerId: string, id: string): Promise<boolean> {
  const row = await loadOwn(db, ownerId, id);
  return row.state === 'ack_a' && (await mainProfileId(db, ownerId)) !== row.id;
}

export async function upendProfile(db: Db, ownerId: string, id: string): Promise<Profile> {
  const row = await loadOwn(db, ownerId, id);
  if (row.state !== 'ack_a') throw new AppError('profile_not_completed');
  await setMainProfile(db, ownerId, row.id);
  return present(db, row);
}

export async function mainOf(db: Db, ownerId: string, id: string): Promise<{ isMain: boolean; mainProfileId: string | null }> {
  const row = await loadOwn(db, ownerId, id);
  const main = await mainProfileId(db, ownerId);
  return { isMain: main === row.id, mainProfileId: main };
}

/** The link to send for filling: names first; an expired link, or any when asked, is replaced by a new one. */
export async function referralLink(db: Db, ownerId: string, id: string, renew: boolean, now = new Date()): Promise<{ sharelink: string; expiresAt: string }> {
  let row = await loadOwnActive(db, ownerId, id);
  if (!hasContent(row.kind, row)) throw new AppError('profile_names_required');
  if (renew || row.linkExpiresAt <= now) row = await updateProfile(db, row.id, { ...newPermalink(now), linkRequestedAt: null });
  return { sharelink: row.permalink, expiresAt: row.linkExpiresAt.toISOString() };
}

export async function profileBySharelink(db: Db, ownerId: string, link: string): Promise<Profile> {
  const row = await findByPermalink(db, link);
  if (!row || row.ownerId !== ownerId || row.state === 'deleted' || row.state === 'delete_keep') throw new AppError('profile_not_found');
  return present(db, row);
}

type FilledInput = { answers: Answer[]; firstName: string; lastName?: string; birthDate?: string; avatarName?: string };
/** Who consented with the answers: the person themself, or the owner confirming that the person knows (docs/privacy.md). */
type FilledConsent = { by: 'person' | 'owner'; locale: Locale; noticeVersion?: string | undefined };

/**
 * A profile whose answers come with it, completed at once: the owner's short or love profile (filled by the owner
 * about someone else), or an anonymous love one (filled by the person). The consent is recorded with it.
 */
export async function createFilledProfile(
  db: Db,
  ownerId: string | null,
  kind: Extract<QuestionnaireKind, 'short' | 'love'>,
  input: FilledInput,
  consent: FilledConsent,
  now = new Date(),
): Promise<ProfileRow> {
  const questionnaire = await currentQuestionnaire(db, kind);
  const answers = checkedAnswers(questionnaire.steps, input.answers, true);
  const birthDate = input.birthDate ? new Date(input.birthDate) : null;
  const row = await insertProfile(db, {
    ownerId,
    kind,
    isShort: kind === 'short',
    questionnaireId: questionnaire.id,
    state: 'ack_a',
    firstName: input.firstName,
    lastName: input.lastName ?? null,
    birthDate,
    avatarName: input.avatarName ?? null,
    answers,
    completedAt: now,
    ...consentRecord(consent.by, consent.locale, now, consent.noticeVersion),
    ...newPermalink(now),
  });
  const completed = await updateProfile(db, row.id, deriveProfile(questionnaire.steps, answers, row, now));
  return (await scoreProfile(db, row.id)) ? ((await findByPermalink(db, completed.permalink)) ?? completed) : completed;
}

export async function createOwnerFilledProfile(db: Db, ownerId: string, kind: 'short' | 'love', input: FilledInput, locale: Locale): Promise<Profile> {
  return present(db, await createFilledProfile(db, ownerId, kind, input, { by: 'owner', locale }));
}
