import { hasContent, type Locale, type ProfileLinkView, type ProfilePatchSchema } from '@teamcast/contracts';
import type { z } from 'zod';
import type { Db } from '../../core/db.ts';
import { AppError, RequestValidationError } from '../../core/errors.ts';
import { presentDefinition } from '../questionnaires/questionnaires.presenter.ts';
import { currentQuestionnaire, definitionOfProfile } from '../questionnaires/questionnaires.service.ts';
import { checkedAnswers } from './answers-check.ts';
import { consentRecord, issuePersonToken, mailPersonPage, type PersonDeps } from './person-page.service.ts';
import { deriveProfile } from './profile-derivation.ts';
import { presentLinkView } from './profiles.presenter.ts';
import { findByPermalink, ownerInfo, updateProfile, type ProfileRow } from './profiles.repository.ts';
import { scoreProfile } from '../scoring/scoring.service.ts';

/**
 * The Profile service: an anonymous visitor reaches a profile only through its permalink. A wrong link, or one of a
 * deleted profile, is link_invalid; a link past its expiry is link_expired unless the questionnaire was already sent.
 */
async function loadByLink(db: Db, permalink: string, now: Date, { allowExpired = false } = {}): Promise<ProfileRow> {
  const row = await findByPermalink(db, permalink);
  if (!row || row.state === 'deleted' || row.state === 'delete_keep' || row.state === 'withdrawn') throw new AppError('link_invalid');
  if (!allowExpired && row.state !== 'ack_a' && row.linkExpiresAt <= now) throw new AppError('link_expired');
  return row;
}

async function view(db: Db, row: ProfileRow): Promise<ProfileLinkView> {
  const company = row.ownerId ? ((await ownerInfo(db, row.ownerId))?.companyName ?? null) : null;
  return presentLinkView(row, await definitionOfProfile(db, row), company);
}

export async function linkView(db: Db, permalink: string, now = new Date()): Promise<ProfileLinkView> {
  return view(db, await loadByLink(db, permalink, now));
}

export async function linkGrade(db: Db, permalink: string, now = new Date()): Promise<{ scored: boolean; grade: ProfileRow['grade'] }> {
  const row = await loadByLink(db, permalink, now);
  // A work profile is scored once it has a grade; a love or couple profile once it has love scores (it has no grade).
  return { scored: row.grade !== null || row.loveScores !== null, grade: row.grade };
}

const consentIssue = () => new RequestValidationError([{ code: 'custom', path: ['consent'], message: 'consent', input: undefined }]);

/**
 * Saves what the visitor gives. The answer set replaces the stored one and is checked against the questionnaire;
 * answers stored by an earlier completion keep their values. `complete` sends it: names, every visible answer and
 * consent are required, and from then on nothing can change. Sending records the consent (notice version, language,
 * time) and answers the private link to the person's own page, mailed too when the person gave an address.
 */
export async function patchByLink(
  deps: PersonDeps,
  permalink: string,
  input: z.output<typeof ProfilePatchSchema>,
  context: { locale: Locale; host: string | undefined },
  now = new Date(),
): Promise<ProfileLinkView & { personToken: string | null }> {
  const { db } = deps;
  const row = await loadByLink(db, permalink, now);
  if (row.state === 'ack_a') throw new AppError('questionnaire_locked');
  const questionnaire = await definitionOfProfile(db, row);
  const { answers: given, complete, consent, birthDate, noticeVersion, personEmail, ...names } = input;
  const answers = given ? checkedAnswers(questionnaire.steps, given, complete) : row.answers;
  if (!given && complete) checkedAnswers(questionnaire.steps, row.answers, true);
  const stored = new Map(row.answers.map((answer) => [answer.neuron, JSON.stringify(answer.value)]));
  for (const neuron of row.storedNeurons) {
    const current = answers.find((answer) => answer.neuron === neuron);
    if (!current || JSON.stringify(current.value) !== stored.get(neuron)) throw new AppError('questionnaire_locked');
  }
  const patch = { ...names, ...(birthDate !== undefined ? { birthDate: birthDate ? new Date(birthDate) : null } : {}) };
  const merged = { ...row, ...patch };
  if (complete) {
    if (consent !== true) throw consentIssue();
    if (!hasContent(row.kind, merged)) throw new AppError('profile_names_required');
  }
  const derived = deriveProfile(questionnaire.steps, answers, merged, now);
  const state = complete ? 'ack_a' : answers.length > 0 ? 'answered' : row.state;
  const sent = complete ? { completedAt: now, ...consentRecord('person', context.locale, now, noticeVersion) } : {};
  const updated = await updateProfile(db, row.id, { ...patch, ...derived, state, ...sent });
  if (!complete) return { ...(await view(db, updated)), personToken: null };
  await scoreProfile(db, row.id);
  const personToken = await issuePersonToken(db, row.id, now);
  if (personEmail) await mailPersonPage(deps, updated, personEmail, personToken, context.locale, context.host);
  return { ...(await view(db, updated)), personToken };
}

/** A short profile that was sent can grow into the full questionnaire. */
function upgradable(row: ProfileRow): boolean {
  return row.isShort && row.state === 'ack_a';
}

export async function upgradeInfo(db: Db, permalink: string, target: 'short' | 'standard', now = new Date()) {
  const row = await loadByLink(db, permalink, now);
  const questionnaire = target === 'short' ? await definitionOfProfile(db, row) : presentDefinition(await currentQuestionnaire(db, 'standard'));
  return { available: upgradable(row), questionnaire };
}

/** Moves a sent short profile to the full questionnaire: the answers given stay and are fixed, the new ones are open. */
export async function upgradeByLink(db: Db, permalink: string, now = new Date()): Promise<ProfileLinkView> {
  const row = await loadByLink(db, permalink, now);
  if (!upgradable(row)) throw new AppError('questionnaire_locked');
  const full = await currentQuestionnaire(db, 'standard');
  const updated = await updateProfile(db, row.id, {
    kind: 'standard',
    isShort: false,
    questionnaireId: full.id,
    state: 'answered',
    storedNeurons: row.answers.map((answer) => answer.neuron),
    completedAt: null,
  });
  return view(db, updated);
}

/** The visitor of an expired link asks for a new one; the owner sees the request on the profile. */
export async function requestNewLink(db: Db, permalink: string, now = new Date()): Promise<{ requested: true }> {
  const row = await loadByLink(db, permalink, now, { allowExpired: true });
  await updateProfile(db, row.id, { linkRequestedAt: now });
  return { requested: true };
}
