import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import { LocaleSchema } from './locale.ts';
import { ConsentSchema, EmailSchema, PasswordSchema } from './validation.ts';

/** Lifetimes of the links sent by mail, in seconds: magic link and password reset 15 minutes, verification 48 hours. */
export const LINK_TTL_SECONDS = { magic: 15 * 60, reset: 15 * 60, verify: 48 * 60 * 60 } as const;

/** Which app a mailed link returns to: the desktop site, the owner phone app or the love phone app. */
export const SurfaceSchema = z.enum(['desktop', 'ownerMobile', 'loveMobile']);
export type Surface = z.infer<typeof SurfaceSchema>;

/** A new session: the role's bearer token and the signed-in user's id. */
export const SignInResultSchema = z.object({
  token: z.string(),
  id: z.string(),
  /**
   * True when this mailed link proved the owner's address for the first time: every earlier session and the password
   * set before it have ended, and the owner chooses a new password.
   */
  firstProof: z.boolean().optional(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;

/**
 * A password or a link was right, but the user has a second factor (or, an administrator, must set one up): no session
 * yet, only a short-lived single-use challenge for the second step.
 */
export const SecondFactorChallengeSchema = z.object({
  challenge: z.string(),
  /** 'code': give a code of the authenticator app or a recovery code; 'enrol': set the authenticator up first. */
  secondFactor: z.enum(['code', 'enrol']),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeSchema>;

/** What a sign-in of a role that may have a second factor answers: a session, or the second step. */
export const SignInStepSchema = z.union([SignInResultSchema, SecondFactorChallengeSchema]);
export type SignInStep = z.infer<typeof SignInStepSchema>;

/** Answer of calls that mail a link; the same whether or not the address is registered. */
export const MailSentSchema = z.object({ sent: z.literal(true) });
export const DoneSchema = z.object({ done: z.literal(true) });

const PasswordFieldsSchema = z.object({ password: PasswordSchema, repeatPassword: z.string({ error: 'required' }) });
const repeatMatches = (value: { password: string; repeatPassword: string }) => value.password === value.repeatPassword;
const repeatIssue = { error: 'repeatPassword', path: ['repeatPassword'] };

const CompanyNameSchema = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'maxLength' });

export const CredentialsSchema = z.object({ email: EmailSchema, password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1024) });
export type Credentials = z.infer<typeof CredentialsSchema>;

/** Estimators sign in with their username or their e-mail. */
export const EstimatorCredentialsSchema = z.object({
  username: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(254)
    .transform((value) => value.toLowerCase()),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1024),
});

/**
 * Owner sign-up. No password: one chosen before the address is proven could be an attacker's (he may sign up with
 * someone else's address), so the mailed link proves the address and then asks for the password.
 */
export const OwnerSignupSchema = z.object({
  email: EmailSchema,
  companyName: CompanyNameSchema,
  privacyPolicy: ConsentSchema,
  personalData: ConsentSchema,
  ln: LocaleSchema.optional(),
  surface: SurfaceSchema.optional(),
});
export type OwnerSignup = z.infer<typeof OwnerSignupSchema>;

/** Love variant sign-up: no company. */
export const LoveSignupSchema = z.object({
  email: EmailSchema,
  privacyPolicy: ConsentSchema,
  personalData: ConsentSchema,
  ln: LocaleSchema.optional(),
});
export type LoveSignup = z.infer<typeof LoveSignupSchema>;

/** A sign-up request without a password: the mailed link completes the registration. */
export const JoinRequestSchema = z.object({
  email: EmailSchema,
  companyName: CompanyNameSchema,
  privacyPolicy: ConsentSchema,
  personalData: ConsentSchema,
  ln: LocaleSchema.optional(),
  surface: SurfaceSchema.optional(),
});
export type JoinRequest = z.infer<typeof JoinRequestSchema>;

/** Asks for a link by mail (magic link, password reset). `username` is the e-mail for owners. */
export const LinkRequestSchema = z.object({
  username: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(254)
    .transform((value) => value.toLowerCase()),
  ln: LocaleSchema.optional(),
  surface: SurfaceSchema.optional(),
});
export type LinkRequest = z.infer<typeof LinkRequestSchema>;

const LinkTokenSchema = z
  .string({ error: 'required' })
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);
export const TokenParamsSchema = z.object({ token: LinkTokenSchema });
export const TokenBodySchema = z.object({ token: LinkTokenSchema });

export const PasswordResetSchema = PasswordFieldsSchema.extend({ token: LinkTokenSchema }).refine(repeatMatches, repeatIssue);
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

/** The verification link was followed: the owner is verified and signed in. */
export const VerificationResultSchema = z.union([
  SignInResultSchema.extend({
    /** False for an owner who joined by request and still has to choose a password. */
    hasPassword: z.boolean(),
  }),
  SecondFactorChallengeSchema,
]);

export const VerificationLinkRequestSchema = z.object({ ln: LocaleSchema.optional(), surface: SurfaceSchema.optional() });

export const PreauthenticateSchema = z.object({ authId: LinkTokenSchema });

// Owner
export const ownerLoginEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/login',
  summary: 'Owner sign-in with e-mail and password',
  body: CredentialsSchema,
  result: SignInStepSchema,
});
export const ownerMagicLoginEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/login/magic/:token',
  summary: 'Owner sign-in by a mailed magic link (single use, 15 minutes)',
  params: TokenParamsSchema,
  result: SignInStepSchema,
});
export const ownerLoginLinkEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/mail/login-link',
  summary: 'Mails an owner a magic sign-in link',
  body: LinkRequestSchema,
  result: MailSentSchema,
});
export const ownerForgotPasswordEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/mail/forgot-password',
  summary: 'Mails an owner a password reset link',
  body: LinkRequestSchema,
  result: MailSentSchema,
});
export const ownerPasswordResetEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/password-reset',
  summary: 'Sets a new owner password from a reset link; ends every session',
  body: PasswordResetSchema,
  result: DoneSchema,
});
export const ownerLogoutEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/logout',
  summary: 'Ends the current owner session',
  result: DoneSchema,
});
export const ownerSignupEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/signup',
  summary: 'Owner sign-up; mails a link that proves the address (or, for a registered address, a sign-in link); the same answer either way',
  body: OwnerSignupSchema,
  result: MailSentSchema,
});
export const loveSignupEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/love/signup',
  summary: 'Love variant sign-up; mails a link like the owner sign-up; the same answer either way',
  body: LoveSignupSchema,
  result: MailSentSchema,
});
export const ownerJoinRequestEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/join/request',
  summary: 'Sign-up request without a password; mails a link that completes the registration',
  body: JoinRequestSchema,
  result: MailSentSchema,
});
export const ownerVerificationLinkEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/mail/verification-link',
  summary: 'Mails the signed-in owner a new verification link',
  body: VerificationLinkRequestSchema,
  result: MailSentSchema,
});
export const ownerVerifyEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/verification',
  summary: 'Follows a verification link (48 hours): verifies the address and signs in',
  body: TokenBodySchema,
  result: VerificationResultSchema,
});
export const ownerPreauthenticateEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/owner/preauthenticate',
  summary: 'Exchanges a single-use auth id (as mailed in a magic link) for a session',
  body: PreauthenticateSchema,
  result: SignInStepSchema,
});

// Estimator
export const estimatorLoginEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/estimator/login',
  summary: 'Estimator sign-in with username or e-mail and password',
  body: EstimatorCredentialsSchema,
  result: SignInStepSchema,
});
export const estimatorMagicLoginEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/estimator/login/magic/:token',
  summary: 'Estimator sign-in by a mailed magic link',
  params: TokenParamsSchema,
  result: SignInStepSchema,
});
export const estimatorLoginLinkEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/estimator/mail/login-link',
  summary: 'Mails an estimator a magic sign-in link',
  body: LinkRequestSchema,
  result: MailSentSchema,
});
export const estimatorForgotPasswordEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/estimator/mail/forgot-password',
  summary: 'Mails an estimator a password reset link',
  body: LinkRequestSchema,
  result: MailSentSchema,
});
export const estimatorPasswordResetEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/estimator/password-reset',
  summary: 'Sets a new estimator password from a reset link; ends every session',
  body: PasswordResetSchema,
  result: DoneSchema,
});
export const estimatorLogoutEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/estimator/logout',
  summary: 'Ends the current estimator session',
  result: DoneSchema,
});

// Administrator
export const adminLoginEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/login',
  summary: 'Administrator sign-in with e-mail and password',
  body: CredentialsSchema,
  result: SignInStepSchema,
});
export const adminMagicLoginEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/login/magic/:token',
  summary: 'Administrator sign-in by a mailed magic link',
  params: TokenParamsSchema,
  result: SignInStepSchema,
});
export const adminLoginLinkEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/mail/login-link',
  summary: 'Mails an administrator a magic sign-in link',
  body: LinkRequestSchema,
  result: MailSentSchema,
});
export const adminLogoutEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/logout',
  summary: 'Ends the current administrator session',
  result: DoneSchema,
});
