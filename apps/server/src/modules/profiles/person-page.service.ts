import crypto from 'node:crypto';
import {
  NOTICE_VERSION,
  PARTNER_SUFFIX,
  PERSON_PAGE_TTL_DAYS,
  type Locale,
  type PersonData,
  type PersonPage,
  type QuestionnaireDefinition,
} from '@teamcast/contracts';
import type { Config } from '../../core/config.ts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import type { Storage } from '../../core/storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { brandForHost } from '../mail/mail.brand.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { definitionOfProfile } from '../questionnaires/questionnaires.service.ts';
import { profileExplanationOf } from '../scoring/scoring.service.ts';
import { newPermalink } from './profile-derivation.ts';
import { eraseDerivedData } from './profile-erasure.ts';
import { profileUsage } from './profile-usage.ts';
import { presentScores } from './profiles.presenter.ts';
import { eraseProfileRow, findByPersonTokenHash, ownerContact, updateProfile, type ProfileRow } from './profiles.repository.ts';

/** What withdrawal and the mails need: the database, the storage of run datasets, the mailer and the public address. */
export type PersonDeps = {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  config: Pick<Config, 'LOVE_HOSTS' | 'PUBLIC_URL' | 'SUPPORT_EMAIL' | 'LOVE_SUPPORT_EMAIL'>;
};

/** Who performs a person's own withdrawal in the audit log (the log's actor column names administrators otherwise). */
const PERSON_ACTOR = 'person';

const DAY_MS = 86_400_000;
export const hashPersonToken = (token: string) => crypto.createHash('sha256').update(`person|${token}`).digest('base64url');

/** The web page of a private link, on the brand's host. */
const personPageUrl = (baseUrl: string, token: string) => new URL(`/person/${encodeURIComponent(token)}`, baseUrl).href;

/** The consent given with a questionnaire: the notice version, the language it was read in, when, and by whom. */
export function consentRecord(by: 'person' | 'owner', locale: Locale, now: Date, noticeVersion: string = NOTICE_VERSION) {
  return { filledBy: by, consentVersion: noticeVersion, consentLocale: locale, consentedAt: now };
}

/** A fresh private link for the person's page: 256 random bits, of which only the hash is stored. */
function newPersonToken(now: Date): { token: string; columns: { personTokenHash: string; personTokenExpiresAt: Date } } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, columns: { personTokenHash: hashPersonToken(token), personTokenExpiresAt: new Date(now.getTime() + PERSON_PAGE_TTL_DAYS * DAY_MS) } };
}

/** Mails the private link to the address the person gave (used once, never stored with the profile). */
export async function mailPersonPage(deps: PersonDeps, row: ProfileRow, to: string, token: string, locale: Locale, host: string | undefined): Promise<void> {
  const brand = brandForHost(deps.config, host);
  const holder = row.ownerId ? await ownerContact(deps.db, row.ownerId) : undefined;
  const company = holder?.companyName ?? holder?.email ?? brand.title;
  await deps.mailer.send({
    to,
    kind: 'person_page',
    locale,
    brand,
    link: personPageUrl(brand.baseUrl, token),
    values: { company, days: String(PERSON_PAGE_TTL_DAYS) },
  });
}

/** A wrong link, or one of a deleted profile, is link_invalid; one past its expiry is link_expired. */
async function loadByToken(db: Db, token: string, now: Date): Promise<ProfileRow> {
  const row = await findByPersonTokenHash(db, hashPersonToken(token));
  if (!row || !row.personTokenExpiresAt || row.state === 'deleted' || row.state === 'delete_keep') throw new AppError('link_invalid');
  if (row.personTokenExpiresAt <= now) throw new AppError('link_expired');
  return row;
}

/** Each answer with its question's text and the chosen options' labels, so the page and the download read alone. */
function readableAnswers(row: ProfileRow, questionnaire: QuestionnaireDefinition): PersonData['answers'] {
  const questions = new Map(questionnaire.steps.flatMap((step) => step.questions.map((question) => [question.neuronName, question] as const)));
  return row.answers.map((answer) => {
    const partner = answer.neuron.endsWith(PARTNER_SUFFIX);
    const question = questions.get(partner ? answer.neuron.slice(0, -PARTNER_SUFFIX.length) : answer.neuron);
    const chosen = new Set((Array.isArray(answer.value) ? answer.value : [answer.value]).map(String));
    const labels = (question?.options ?? []).filter((option) => chosen.has(String(option.value))).map((option) => option.label);
    const text = question?.text ?? { ru: answer.neuron, en: answer.neuron };
    return { neuron: answer.neuron, question: partner ? { ru: `${text.ru} (партнёр)`, en: `${text.en} (partner)` } : text, value: answer.value, labels };
  });
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Everything the profile holds about the person and everything computed from it, whatever the owner's plan. */
async function personData(db: Db, row: ProfileRow): Promise<PersonData> {
  const [questionnaire, explanation, usage] = await Promise.all([definitionOfProfile(db, row), profileExplanationOf(db, row.id), profileUsage(db, row.id)]);
  return {
    kind: row.kind,
    firstName: row.firstName,
    lastName: row.lastName,
    partnerFirstName: row.partnerFirstName,
    partnerLastName: row.partnerLastName,
    email: row.email,
    phone: row.phone,
    position: row.position,
    birthDate: iso(row.birthDate),
    age: row.age,
    gender: row.gender,
    answers: readableAnswers(row, questionnaire),
    scores: presentScores(row),
    explanation,
    usage: { pairs: usage.evaluations, teams: usage.teams },
    completedAt: iso(row.completedAt),
  };
}

export async function personPage(db: Db, token: string, now = new Date()): Promise<PersonPage> {
  const row = await loadByToken(db, token, now);
  const holder = row.ownerId ? await ownerContact(db, row.ownerId) : undefined;
  return {
    holder: holder ? { companyName: holder.companyName, email: holder.email } : null,
    consent:
      row.consentVersion && row.consentLocale && row.consentedAt
        ? { noticeVersion: row.consentVersion, locale: row.consentLocale, at: row.consentedAt.toISOString(), by: row.filledBy ?? 'person' }
        : null,
    expiresAt: row.personTokenExpiresAt!.toISOString(),
    withdrawnAt: iso(row.withdrawnAt),
    data: row.state === 'withdrawn' ? null : await personData(db, row),
  };
}

/**
 * Erases a profile and everything derived from it in one transaction (answers, names, scores, estimates, final
 * scores, explanation, pair forecasts, team runs, history entries) and leaves it in `state` with an audit entry that
 * keeps the fact without the data. The run datasets in the storage go after the commit. Undefined when the profile
 * was already erased.
 */
export async function eraseProfile(
  deps: Pick<PersonDeps, 'db' | 'storage'>,
  id: string,
  state: 'withdrawn' | 'deleted',
  actor: string,
  now: Date,
): Promise<ProfileRow | undefined> {
  const erased = await deps.db.transaction(async (tx) => {
    // A new random permalink: the old questionnaire link no longer opens anything.
    const before = await eraseProfileRow(tx, id, {
      state,
      updatedAt: now,
      ...newPermalink(now),
      ...(state === 'withdrawn' ? { withdrawnAt: now } : { deletedAt: now }),
    });
    if (!before) return undefined;
    const keys = await eraseDerivedData(tx, id, now);
    const action = state === 'withdrawn' ? 'profile.withdraw' : 'profile.retention-delete';
    await recordAudit(tx, actor, [
      { action, entity: 'profile', entityId: id, before: null, after: { state, at: now.toISOString(), consentVersion: before.consentVersion } },
    ]);
    return { before, keys };
  });
  if (!erased) return undefined;
  await deps.storage.delete(erased.keys);
  return erased.before;
}

/** The owner's profile list on the owner's own app (work desktop or love mobile). */
export const ownerProfilesUrl = (baseUrl: string, love: boolean) => new URL(love ? '/love-mobile/profiles' : '/owner/profiles', baseUrl).href;

/** The person withdraws by the private link: everything is erased, the profile stays an empty placeholder, the owner is told. Works once. */
export async function withdrawByToken(deps: PersonDeps, token: string, now = new Date()): Promise<{ withdrawnAt: string }> {
  const row = await loadByToken(deps.db, token, now);
  if (row.state === 'withdrawn') throw new AppError('profile_withdrawn');
  const before = await eraseProfile(deps, row.id, 'withdrawn', PERSON_ACTOR, now);
  if (!before) throw new AppError('profile_withdrawn');
  const holder = before.ownerId ? await ownerContact(deps.db, before.ownerId) : undefined;
  if (holder) {
    const locale = holder.locale ?? 'ru';
    const brand = brandForHost(deps.config, holder.love ? deps.config.LOVE_HOSTS[0] : undefined);
    const name = [before.firstName, before.lastName].filter(Boolean).join(' ') || '—';
    const date = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(now);
    await deps.mailer.send({ to: holder.email, kind: 'withdrawn', locale, brand, link: ownerProfilesUrl(brand.baseUrl, holder.love), values: { name, date } });
  }
  return { withdrawnAt: now.toISOString() };
}

/** Stores a new private link for a profile the person has just sent; answers the link's token. */
export async function issuePersonToken(db: Db, profileId: string, now: Date): Promise<string> {
  const { token, columns } = newPersonToken(now);
  await updateProfile(db, profileId, columns);
  return token;
}
