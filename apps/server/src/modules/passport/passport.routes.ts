import crypto from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminLoginEndpoint,
  adminLoginLinkEndpoint,
  adminLogoutEndpoint,
  adminMagicLoginEndpoint,
  estimatorForgotPasswordEndpoint,
  estimatorLoginEndpoint,
  estimatorLoginLinkEndpoint,
  estimatorLogoutEndpoint,
  estimatorMagicLoginEndpoint,
  estimatorPasswordResetEndpoint,
  loveSignupEndpoint,
  ownerForgotPasswordEndpoint,
  ownerJoinRequestEndpoint,
  ownerLoginEndpoint,
  ownerLoginLinkEndpoint,
  ownerLogoutEndpoint,
  ownerMagicLoginEndpoint,
  ownerPasswordResetEndpoint,
  ownerPreauthenticateEndpoint,
  ownerSignupEndpoint,
  ownerVerificationLinkEndpoint,
  ownerVerifyEndpoint,
  secondFactorEnrolmentEndpoint,
  secondFactorStepEndpoint,
  type Locale,
  type Role,
  type Surface,
} from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import { createFailureCounter } from '../../core/failure-counter.ts';
import { route } from '../../core/route.ts';
import { revokeSession } from '../../core/session.repository.ts';
import { LOVE_TITLE, brandForHost } from '../mail/mail.brand.ts';
import {
  ensureDemoAdministrator,
  requestLink,
  resendVerification,
  resetPassword,
  signInWithLink,
  signInWithPassword,
  signUpOwner,
  verifyOwner,
  signInWithSecondFactor,
  type MailContext,
  type PassportDeps,
} from './passport.service.ts';
import { enrolmentForChallenge } from './second-factor.service.ts';

/**
 * Rate limits, per client address (the route's own limit) and per e-mail or username (checked in the handler):
 * sign-in 50 tries per client in 15 minutes (following a verification link 200); mailed links 5 per address and 20 per client; sign-ups 100 per client
 * an hour (the browser tests sign up many owners from one address). Wrong passwords are counted apart, see below.
 */
const WINDOW = '15 minutes';
const WINDOW_MS = 15 * 60_000;
const LOGIN_PER_CLIENT = { max: 50, timeWindow: WINDOW };
const LINK_PER_CLIENT = { max: 20, timeWindow: WINDOW };
const SIGNUP_PER_CLIENT = { max: 100, timeWindow: '1 hour' };
/**
 * Following a mailed verification link: its token is 32 random bytes, so there is nothing to guess and the limit only
 * bounds load. The sign-in limit (50) stopped an office whose people verified at once, and the browser tests, which
 * prove some 60 owners from one address in ten minutes.
 */
const VERIFY_PER_CLIENT = { max: 200, timeWindow: WINDOW };
const LINK_PER_ADDRESS = 5;
/**
 * Wrong passwords in 15 minutes: 10 for one account from one client stop that client only (so nobody can lock the
 * owner out from elsewhere); 50 for one account from all clients together ask every client for a mailed sign-in link
 * instead of the password until the window is over or the owner signs in by a link, which clears the count.
 */
export const FAILURES_PER_ACCOUNT_AND_CLIENT = 10;
export const FAILURES_PER_ACCOUNT = 50;
export const FAILURE_WINDOW_MS = WINDOW_MS;

/** The failure counter's key of an account (by the name signed in with); the client's address is appended per client. */
export const accountKey = (role: Role, login: string) => `login|${role}|${crypto.createHash('sha256').update(login.trim().toLowerCase()).digest('hex')}`;

type AddressLimit = (request: FastifyRequest, reply: FastifyReply, address: string) => Promise<void>;

/** A limit keyed by the route and a hash of the address, so the address itself is not kept in memory. */
function addressLimiter(app: FastifyInstance, max: number): AddressLimit {
  const keys = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({ max, timeWindow: WINDOW, keyGenerator: (request) => keys.get(request) ?? request.ip });
  return async (request, reply, address) => {
    keys.set(request, `${request.routeOptions.url}|${crypto.createHash('sha256').update(address.trim().toLowerCase()).digest('hex')}`);
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError('rate_limited');
    }
  };
}

export const passportModule: FastifyPluginAsync = async (app) => {
  const deps: PassportDeps = { db: app.database.db, config: app.config, mailer: app.mailer, authenticator: app.authenticator, sealer: app.secondFactorSealer };
  const linkLimit = addressLimiter(app, LINK_PER_ADDRESS);
  const failures = createFailureCounter(app.database, WINDOW_MS);
  const later = (work: () => Promise<void>) => app.afterAnswer.run(work);

  /** Password sign-in behind the two failure counts: per account and client, and per account. */
  const passwordSignIn = async (request: FastifyRequest, reply: FastifyReply, role: Role, login: string, password: string) => {
    const account = accountKey(role, login);
    const pair = `${account}|${request.ip}`;
    if ((await failures.count(pair)) >= FAILURES_PER_ACCOUNT_AND_CLIENT) {
      reply.header('retry-after', String(WINDOW_MS / 1000));
      throw new AppError('rate_limited');
    }
    if ((await failures.count(account)) >= FAILURES_PER_ACCOUNT) throw new AppError('sign_in_link_required');
    try {
      return await signInWithPassword(deps, role, login, password);
    } catch (error) {
      if (error instanceof AppError && error.code === 'invalid_credentials') {
        await failures.add(pair);
        await failures.add(account);
      }
      throw error;
    }
  };

  /**
   * A mailed link was followed: the address is the user's, so the wrong passwords counted against it are forgotten,
   * whether the link gives the session or the second step (a challenge, which names no user).
   */
  const linkSignIn = (role: Role, token: string) => signInWithLink(deps, role, token, (account) => failures.clear(accountKey(role, account.email)));

  const mailContext = (request: FastifyRequest, ln: Locale | undefined, surface: Surface | undefined): MailContext => {
    const host = brandForHost(app.config, request.host);
    // The love app speaks for the love product on any host: its mails carry the love title (links stay on this host).
    const brand = surface === 'loveMobile' && !host.love ? { ...host, title: LOVE_TITLE, love: true } : host;
    return { locale: ln ?? request.locale, brand, surface: surface ?? (brand.love ? 'loveMobile' : 'desktop') };
  };

  const signInRoutes = (
    role: Role,
    endpoints: {
      magic: typeof ownerMagicLoginEndpoint | typeof estimatorMagicLoginEndpoint | typeof adminMagicLoginEndpoint;
      link: typeof ownerLoginLinkEndpoint | typeof estimatorLoginLinkEndpoint | typeof adminLoginLinkEndpoint;
      logout: typeof ownerLogoutEndpoint | typeof estimatorLogoutEndpoint | typeof adminLogoutEndpoint;
    },
  ) => {
    route(app, endpoints.magic, { access: 'anonymous', rateLimit: LOGIN_PER_CLIENT, handler: async ({ params }) => linkSignIn(role, params.token) });
    route(app, endpoints.link, {
      access: 'anonymous',
      rateLimit: LINK_PER_CLIENT,
      handler: async ({ body, request, reply }) => {
        await linkLimit(request, reply, body.username);
        const mail = mailContext(request, body.ln, body.surface);
        later(() => requestLink(deps, role, body.username, 'magic', mail));
        return { sent: true as const };
      },
    });
    route(app, endpoints.logout, {
      access: [role],
      handler: async ({ auth }) => {
        await revokeSession(deps.db, auth.sessionId);
        return { done: true as const };
      },
    });
  };

  // Owners
  route(app, ownerLoginEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body, request, reply }) => passwordSignIn(request, reply, 'owner', body.email, body.password),
  });
  signInRoutes('owner', { magic: ownerMagicLoginEndpoint, link: ownerLoginLinkEndpoint, logout: ownerLogoutEndpoint });
  route(app, ownerPreauthenticateEndpoint, { access: 'anonymous', rateLimit: LOGIN_PER_CLIENT, handler: async ({ body }) => linkSignIn('owner', body.authId) });
  route(app, ownerForgotPasswordEndpoint, {
    access: 'anonymous',
    rateLimit: LINK_PER_CLIENT,
    handler: async ({ body, request, reply }) => {
      await linkLimit(request, reply, body.username);
      const mail = mailContext(request, body.ln, body.surface);
      later(() => requestLink(deps, 'owner', body.username, 'reset', mail));
      return { sent: true as const };
    },
  });
  route(app, ownerPasswordResetEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body }) => {
      await resetPassword(deps, 'owner', body.token, body.password);
      return { done: true as const };
    },
  });
  // Sign-ups answer 202 `{ sent: true }` at once and do their work after the answer: registered or not, the caller
  // learns nothing from the answer or its timing.
  route(app, ownerSignupEndpoint, {
    access: 'anonymous',
    status: 202,
    rateLimit: SIGNUP_PER_CLIENT,
    handler: async ({ body, request }) => {
      const mail = mailContext(request, body.ln, body.surface);
      later(() => signUpOwner(deps, { email: body.email, companyName: body.companyName, variant: 'work', kind: 'verify' }, mail));
      return { sent: true as const };
    },
  });
  route(app, loveSignupEndpoint, {
    access: 'anonymous',
    status: 202,
    rateLimit: SIGNUP_PER_CLIENT,
    handler: async ({ body, request }) => {
      const mail = mailContext(request, body.ln, 'loveMobile');
      later(() => signUpOwner(deps, { email: body.email, variant: 'love', kind: 'verify' }, mail));
      return { sent: true as const };
    },
  });
  route(app, ownerJoinRequestEndpoint, {
    access: 'anonymous',
    status: 202,
    rateLimit: SIGNUP_PER_CLIENT,
    handler: async ({ body, request }) => {
      const mail = mailContext(request, body.ln, body.surface);
      later(() => signUpOwner(deps, { email: body.email, companyName: body.companyName, variant: 'work', kind: 'join' }, mail));
      return { sent: true as const };
    },
  });
  route(app, ownerVerifyEndpoint, { access: 'anonymous', rateLimit: VERIFY_PER_CLIENT, handler: async ({ body }) => verifyOwner(deps, body.token) });
  route(app, ownerVerificationLinkEndpoint, {
    access: ['owner'],
    handler: async ({ body, auth, request, reply }) => {
      await linkLimit(request, reply, auth.subjectId);
      await resendVerification(deps, auth.subjectId, mailContext(request, body.ln, body.surface));
      return { sent: true as const };
    },
  });

  // Estimators
  route(app, estimatorLoginEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body, request, reply }) => passwordSignIn(request, reply, 'estimator', body.username, body.password),
  });
  signInRoutes('estimator', { magic: estimatorMagicLoginEndpoint, link: estimatorLoginLinkEndpoint, logout: estimatorLogoutEndpoint });
  route(app, estimatorForgotPasswordEndpoint, {
    access: 'anonymous',
    rateLimit: LINK_PER_CLIENT,
    handler: async ({ body, request, reply }) => {
      await linkLimit(request, reply, body.username);
      const mail = mailContext(request, body.ln, 'desktop');
      later(() => requestLink(deps, 'estimator', body.username, 'reset', mail));
      return { sent: true as const };
    },
  });
  route(app, estimatorPasswordResetEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body }) => {
      await resetPassword(deps, 'estimator', body.token, body.password);
      return { done: true as const };
    },
  });

  // Administrators
  route(app, adminLoginEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body, request, reply }) => passwordSignIn(request, reply, 'administrator', body.email, body.password),
  });
  signInRoutes('administrator', { magic: adminMagicLoginEndpoint, link: adminLoginLinkEndpoint, logout: adminLogoutEndpoint });

  // The second step of owners' and administrators' sign-ins (the challenge names the user)
  route(app, secondFactorEnrolmentEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body }) => enrolmentForChallenge(deps, body.challenge),
  });
  // Wrong codes are limited per challenge (5) and per account (10 in 15 minutes) in the service.
  route(app, secondFactorStepEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body }) => signInWithSecondFactor(deps, body.challenge, body.code),
  });

  // 'At first start' is when the server starts listening: test apps, which never listen, get no demo administrator.
  app.addHook('onListen', async () => {
    await ensureDemoAdministrator(deps.db, app.config, app.log);
  });
};
