import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import { SignInResultSchema } from './passport.ts';

/** The second step of a sign-in lives 5 minutes and allows 5 wrong codes before the sign-in starts over. */
export const SECOND_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;
export const SECOND_FACTOR_CHALLENGE_ATTEMPTS = 5;
/** Wrong second-step codes one account may get in 15 minutes, across challenges and client addresses. */
export const SECOND_FACTOR_FAILURES_PER_ACCOUNT = 10;
/** How many single-use recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code of the authenticator app, or a recovery code (`xxxx-xxxx-xxxx`; case, spaces and dashes are ignored). */
export const OneTimeCodeSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(32, { error: 'maxLength' })
  .regex(/^[0-9A-Za-z -]+$/, { error: 'invalid' });

const ChallengeTokenSchema = z
  .string({ error: 'required' })
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

export const SecondFactorStepSchema = z.object({ challenge: ChallengeTokenSchema, code: OneTimeCodeSchema });
export const ChallengeBodySchema = z.object({ challenge: ChallengeTokenSchema });

/** A new authenticator to add to an app: shown once, never sent again after it is confirmed. */
export const SecondFactorEnrolmentSchema = z.object({
  /** The base32 secret, for typing into the app by hand. */
  secret: z.string(),
  /** The `otpauth://totp/...` address the QR code carries. */
  otpauthUrl: z.string(),
  /** The QR code of `otpauthUrl`, as an SVG document. */
  qrSvg: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof SecondFactorEnrolmentSchema>;

/** A session after the second step; `recoveryCodes` only when the step was an enrolment (shown once). */
export const SecondFactorSignInSchema = SignInResultSchema.extend({ recoveryCodes: z.array(z.string()).optional() });
export type SecondFactorSignIn = z.infer<typeof SecondFactorSignInSchema>;

export const SecondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 when off). */
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** Turning the second factor on needs the current password and a code of the new authenticator. */
export const SecondFactorEnableSchema = z.object({
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1024),
  code: OneTimeCodeSchema,
});
/** Turning it off needs a code or a recovery code. */
export const SecondFactorDisableSchema = z.object({ code: OneTimeCodeSchema });
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const secondFactorEnrolmentEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/second-factor/enrolment',
  summary: "For an 'enrol' challenge: the new authenticator's secret and QR code (the same until confirmed)",
  body: ChallengeBodySchema,
  result: SecondFactorEnrolmentSchema,
});
export const secondFactorStepEndpoint = defineEndpoint({
  group: 'passport',
  method: 'POST',
  path: '/second-factor',
  summary: 'Second step of a sign-in: a code (or recovery code) for the challenge gives the session; an enrolment also gives recovery codes',
  body: SecondFactorStepSchema,
  result: SecondFactorSignInSchema,
});
export const ownerSecondFactorEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/second-factor',
  summary: "Whether the owner's second factor is on",
  result: SecondFactorStatusSchema,
});
export const ownerSecondFactorEnrolmentEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/second-factor/enrolment',
  summary: 'Starts turning the second factor on: a new authenticator secret and QR code (the same until confirmed)',
  result: SecondFactorEnrolmentSchema,
});
export const ownerSecondFactorEnableEndpoint = defineEndpoint({
  group: 'owner',
  method: 'PUT',
  path: '/second-factor',
  summary: 'Turns the second factor on with the current password and a code; answers the recovery codes once',
  body: SecondFactorEnableSchema,
  result: RecoveryCodesSchema,
});
export const ownerSecondFactorDisableEndpoint = defineEndpoint({
  group: 'owner',
  method: 'DELETE',
  path: '/second-factor',
  summary: 'Turns the second factor off with a code or a recovery code',
  body: SecondFactorDisableSchema,
  result: SecondFactorStatusSchema,
});
