import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  LINK_LOCALE_PARAM,
  LINK_TTL_SECONDS,
  type Locale,
  type Role,
  type SignInResult,
  type SecondFactorChallenge,
  type SignInStep,
  type Surface,
} from '@teamcast/contracts';
import type { Authenticator } from '../../core/auth.ts';
import type { Config } from '../../core/config.ts';
import type { Db } from '../../core/db.ts';
import type { Sealer } from '../../core/sealer.ts';
import { AppError } from '../../core/errors.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../core/password.ts';
import { revokeSubjectSessions } from '../../core/session.repository.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { Brand, SignInMailKind } from '../mail/mail.templates.ts';
import {
  consumeLinkToken,
  countAdministrators,
  deleteSubjectLinks,
  findAccountById,
  findAccountByLogin,
  findLinkToken,
  insertAdministrator,
  insertLinkToken,
  insertOwner,
  markOwnerVerified,
  setPasswordHash,
  touchLastVisit,
  type Account,
  type LinkKind,
} from './passport.repository.ts';
import { deleteSecondFactor, deleteSubjectChallenges } from './second-factor.repository.ts';
import { passSecondStep, secondStepFor } from './second-factor.service.ts';

export type PassportDeps = { db: Db; config: Config; mailer: Mailer; authenticator: Authenticator; sealer: Sealer };

/** Where a mail is going: its language, the platform of the request's host, and the app its link opens. */
export type MailContext = { locale: Locale; brand: Brand & { baseUrl: string }; surface: Surface };

/** 256 bits from the system's secure random source; only its SHA-256 is stored. */
const newLinkToken = () => crypto.randomBytes(32).toString('base64url');
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const surfacePrefix: Record<Surface, string> = { desktop: '/owner', ownerMobile: '/owner-mobile', loveMobile: '/love-mobile' };

/** The web page a mailed link opens, per role, kind of link and app. */
function linkPath(role: Role, kind: SignInMailKind, surface: Surface, token: string): string {
  const t = encodeURIComponent(token);
  if (role === 'administrator') return `/administrator-login?magic=${t}`;
  if (role === 'estimator') return kind === 'reset' ? `/estimator/password-reset?token=${t}` : `/estimator/magic-link?token=${t}`;
  const prefix = surfacePrefix[surface];
  if (kind === 'magic' || kind === 'exists') return `${prefix}/magic-link?token=${t}`;
  if (kind === 'reset') return `${prefix}/login?reset=${t}`;
  return `${prefix}/registration?token=${t}`;
}

const linkKindOf: Record<SignInMailKind, LinkKind> = { magic: 'magic', exists: 'magic', reset: 'reset', verify: 'verify', join: 'verify' };

/** Creates a single-use link for a user and mails it. */
async function mailLink(deps: PassportDeps, role: Role, subjectId: string, email: string, kind: SignInMailKind, mail: MailContext): Promise<void> {
  const token = newLinkToken();
  const linkKind = linkKindOf[kind];
  await insertLinkToken(deps.db, {
    id: crypto.randomUUID(),
    tokenHash: hashToken(token),
    kind: linkKind,
    role,
    subjectId,
    surface: mail.surface,
    expiresAt: new Date(Date.now() + LINK_TTL_SECONDS[linkKind] * 1000),
  });
  // The link opens in the language the message is written in.
  const url = new URL(linkPath(role, kind, mail.surface, token), mail.brand.baseUrl);
  url.searchParams.set(LINK_LOCALE_PARAM, mail.locale);
  await deps.mailer.send({ to: email, kind, locale: mail.locale, brand: mail.brand, link: url.href });
}

async function startSession(deps: PassportDeps, role: Role, id: string): Promise<SignInResult> {
  const { token } = await deps.authenticator.signIn(role, id);
  await touchLastVisit(deps.db, role, id);
  return { token, id };
}

/** After a right password or link: the session, or the second step when the user has (or, an administrator, must set up) a second factor. */
async function firstFactorPassed(deps: PassportDeps, role: Role, id: string): Promise<SignInStep> {
  return (await secondStepFor(deps, role, id)) ?? startSession(deps, role, id);
}

/** The second step of a sign-in: a code for the challenge gives the session (and, after an enrolment, the recovery codes). */
/** Ends everything that lets an owner in: his sessions (their sockets close), mailed links and second factor. */
export async function endOwnerSignIns(db: Db, ownerId: string): Promise<void> {
  await revokeSubjectSessions(db, 'owner', ownerId);
  await deleteSubjectLinks(db, 'owner', ownerId, ['magic', 'reset', 'verify']);
  await deleteSecondFactor(db, 'owner', ownerId);
}

export async function signInWithSecondFactor(deps: PassportDeps, challenge: string, code: string): Promise<SignInResult & { recoveryCodes?: string[] }> {
  const passed = await passSecondStep(deps, challenge, code);
  const account = await findAccountById(deps.db, passed.role, passed.subjectId);
  if (!account || account.deleted) throw new AppError('second_factor_expired');
  return { ...(await startSession(deps, passed.role, passed.subjectId)), ...(passed.recoveryCodes ? { recoveryCodes: passed.recoveryCodes } : {}) };
}

/**
 * Password sign-in. Wrong e-mail, wrong password and a deleted owner's address give the same answer after the same
 * work (a hash is checked either way); a deleted estimator is told so only after his right password, so the answer
 * never tells a stranger which addresses were registered.
 */
export async function signInWithPassword(deps: PassportDeps, role: Role, login: string, password: string): Promise<SignInStep> {
  const account = await findAccountByLogin(deps.db, role, login);
  const matches = await verifyPassword(password, account?.passwordHash);
  if (!account || !matches) throw new AppError('invalid_credentials');
  if (account.deleted) throw new AppError('user_deleted');
  return firstFactorPassed(deps, role, account.id);
}

/** Mails a sign-in or reset link when the user exists; the caller answers the same either way. */
export async function requestLink(deps: PassportDeps, role: Role, login: string, kind: 'magic' | 'reset', mail: MailContext): Promise<void> {
  const account = await findAccountByLogin(deps.db, role, login);
  if (!account || account.deleted) return;
  await mailLink(deps, role, account.id, account.email, kind, mail);
}

/**
 * The first proof of an owner's address by a mailed link (verification, registration or magic link). Whoever chose a
 * password, set up a second factor or signed in before it may not hold the mailbox (anyone can sign up with someone
 * else's address), so every earlier session, the password and the second factor (with its recovery codes and pending
 * sign-in steps) end, and the person who proved the address chooses a new password. One transaction: the ended
 * sessions' sockets close when it commits. True only for the call that proved the address.
 */
async function proveOwnerAddress(db: Db, ownerId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await markOwnerVerified(tx, ownerId))) return false;
    await revokeSubjectSessions(tx, 'owner', ownerId);
    await deleteSubjectLinks(tx, 'owner', ownerId, ['reset']);
    await deleteSecondFactor(tx, 'owner', ownerId);
    await deleteSubjectChallenges(tx, 'owner', ownerId);
    return true;
  });
}

/**
 * Follows a magic link. Reaching the mailbox proves the address: the first proof ends the sessions, password and second
 * factor before it (so it always gives a session, marked `firstProof`); later links pass on to the second step.
 */
export async function signInWithLink(deps: PassportDeps, role: Role, token: string, followed?: (account: Account) => Promise<void>): Promise<SignInStep> {
  const link = await consumeLinkToken(deps.db, hashToken(token), 'magic', role);
  if (!link) throw new AppError('link_expired');
  const account = await findAccountById(deps.db, role, link.subjectId);
  if (!account) throw new AppError('link_expired');
  if (account.deleted) throw new AppError('user_deleted');
  await followed?.(account);
  const firstProof = role === 'owner' && (await proveOwnerAddress(deps.db, account.id));
  const step = await firstFactorPassed(deps, role, account.id);
  return firstProof && 'token' in step ? { ...step, firstProof } : step;
}

/** Sets a new password from a reset link and ends every session and outstanding link of the user. */
export async function resetPassword(deps: PassportDeps, role: Role, token: string, password: string): Promise<void> {
  assertAcceptablePassword(password);
  const link = await consumeLinkToken(deps.db, hashToken(token), 'reset', role);
  if (!link) throw new AppError('link_expired');
  const account = await findAccountById(deps.db, role, link.subjectId);
  if (!account || account.deleted) throw new AppError('reset_user_not_found');
  await setPasswordHash(deps.db, role, account.id, await hashPassword(password));
  await revokeSubjectSessions(deps.db, role, account.id);
  await deleteSubjectLinks(deps.db, role, account.id, ['magic', 'reset']);
}

/**
 * Sign-up and sign-up request (work or love variant) answer the same whether or not the address is registered, after
 * the same work: one insert attempt, one link, one mail. A new address (a deleted owner's included: his row is gone)
 * gets an unverified owner without a password and a link that proves the address, signs in and asks for a password;
 * a registered address gets a mail saying so, with a sign-in link. Nobody is signed in before the address is proven.
 */
export async function signUpOwner(
  deps: PassportDeps,
  input: { email: string; companyName?: string; variant: 'work' | 'love'; kind: 'verify' | 'join' },
  mail: MailContext,
): Promise<void> {
  const id = crypto.randomUUID();
  const created = await insertOwner(deps.db, { id, email: input.email, companyName: input.companyName ?? null, variant: input.variant, locale: mail.locale });
  if (created) return mailLink(deps, 'owner', id, input.email, input.kind, mail);
  const existing = await findAccountByLogin(deps.db, 'owner', input.email);
  if (existing) await mailLink(deps, 'owner', existing.id, existing.email, 'exists', mail);
}

/**
 * Follows a verification or registration link: proves the address and signs the owner in. The first proof ends the
 * password and sessions before it, so the owner then chooses a password. A link whose address is verified already
 * answers so; an unknown, used or expired one has expired.
 */
export async function verifyOwner(deps: PassportDeps, token: string): Promise<(SignInResult & { hasPassword: boolean }) | SecondFactorChallenge> {
  const tokenHash = hashToken(token);
  const known = await findLinkToken(deps.db, tokenHash);
  const owner = known?.kind === 'verify' && known.role === 'owner' ? await findAccountById(deps.db, 'owner', known.subjectId) : undefined;
  if (owner?.verified) throw new AppError('email_already_verified');
  const link = await consumeLinkToken(deps.db, tokenHash, 'verify', 'owner');
  if (!link || !owner) throw new AppError('link_expired');
  if (owner.deleted) throw new AppError('user_deleted');
  const firstProof = await proveOwnerAddress(deps.db, owner.id);
  const step = await firstFactorPassed(deps, 'owner', owner.id);
  if (!('token' in step)) return step;
  return { ...step, ...(firstProof ? { firstProof } : {}), hasPassword: !firstProof && owner.passwordHash !== null };
}

/** Mails the signed-in owner a new verification link. */
export async function resendVerification(deps: PassportDeps, ownerId: string, mail: MailContext): Promise<void> {
  const owner = await findAccountById(deps.db, 'owner', ownerId);
  if (!owner) throw new AppError('user_not_found');
  if (owner.verified) throw new AppError('email_already_verified');
  await mailLink(deps, 'owner', owner.id, owner.email, 'verify', mail);
}

export const DEMO_ADMINISTRATOR_EMAIL = 'admin@teamcast.local';

/** Creates an administrator from the command line or for demo data. False when the address is taken. */
export async function createAdministrator(db: Db, input: { email: string; password: string; name?: string }): Promise<{ created: boolean; id: string }> {
  assertAcceptablePassword(input.password);
  const id = crypto.randomUUID();
  const created = await insertAdministrator(db, {
    id,
    email: input.email.trim().toLowerCase(),
    name: input.name ?? null,
    passwordHash: await hashPassword(input.password),
  });
  return { created, id };
}

/** With demo data on and no administrator yet, creates one and prints its credentials once. */
export async function ensureDemoAdministrator(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (!config.DEMO_DATA || (await countAdministrators(db)) > 0) return;
  const password = crypto.randomBytes(12).toString('base64url');
  const { created } = await createAdministrator(db, { email: DEMO_ADMINISTRATOR_EMAIL, password, name: 'Demo administrator' });
  if (created) {
    log.warn(
      `demo administrator created: sign in at ${new URL('/administrator-login', config.PUBLIC_URL).href} as ${DEMO_ADMINISTRATOR_EMAIL} with password ${password} (shown once)`,
    );
  }
}

/**
 * Changes a signed-in user's password; ends his other sessions unless asked not to. A user who has a password must give
 * it (a stolen session alone cannot lock the owner out); one without (joined by a link) chooses his first. Returns how
 * many sessions were ended.
 */
export async function changePassword(
  db: Db,
  auth: { role: Role; subjectId: string; sessionId: string },
  change: { currentPassword?: string | undefined; password: string; endOtherSessions: boolean },
): Promise<number> {
  const account = await findAccountById(db, auth.role, auth.subjectId);
  if (!account) throw new AppError('user_not_found');
  if (account.passwordHash !== null && !(await verifyPassword(change.currentPassword ?? '', account.passwordHash))) {
    throw new AppError('wrong_current_password', undefined, 'currentPassword');
  }
  assertAcceptablePassword(change.password);
  const { password, endOtherSessions } = change;
  await setPasswordHash(db, auth.role, auth.subjectId, await hashPassword(password));
  await deleteSubjectLinks(db, auth.role, auth.subjectId, ['reset']);
  return endOtherSessions ? revokeSubjectSessions(db, auth.role, auth.subjectId, auth.sessionId) : 0;
}
