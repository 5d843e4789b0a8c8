import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import { LocaleSchema } from './locale.ts';
import { DeleteConfirmationSchema, PasswordSchema } from './validation.ts';

/** The signed-in owner as he sees himself. */
export const OwnerSelfSchema = z.object({
  _id: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  /** 'love' for owners who signed up through the love variant. */
  variant: z.enum(['work', 'love']),
  /** False until the mailed verification link is followed; unverified owners are limited ('verify your account'). */
  verified: z.boolean(),
  /** False for an owner who joined by request and has not chosen a password yet. */
  hasPassword: z.boolean(),
  locale: LocaleSchema.nullable(),
  createdAt: z.string(),
});
export type OwnerSelf = z.infer<typeof OwnerSelfSchema>;

export const EstimatorSelfSchema = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  locale: LocaleSchema.nullable(),
  createdAt: z.string(),
});
export type EstimatorSelf = z.infer<typeof EstimatorSelfSchema>;

/** The password in use, required to change it when the account has one (an owner who joined by a link has none yet). */
const CurrentPasswordSchema = z.string().max(1024).optional();

/** A new password typed twice; every other device is signed out unless `endOtherSessions` is false. */
export const PasswordChangeSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    password: PasswordSchema,
    repeatPassword: z.string({ error: 'required' }),
    endOtherSessions: z.boolean().default(true),
  })
  .refine((value) => value.password === value.repeatPassword, { error: 'repeatPassword', path: ['repeatPassword'] });
export type PasswordChange = z.input<typeof PasswordChangeSchema>;

export const PasswordChangedSchema = z.object({
  /** How many other sessions were ended. */
  endedSessions: z.number().int(),
});

/** Estimators change their password, their language, or both. */
export const EstimatorSelfPatchSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    password: PasswordSchema.optional(),
    repeatPassword: z.string().optional(),
    endOtherSessions: z.boolean().default(true),
    locale: LocaleSchema.optional(),
  })
  .refine((value) => value.password === undefined || value.password === value.repeatPassword, { error: 'repeatPassword', path: ['repeatPassword'] });
export type EstimatorSelfPatch = z.input<typeof EstimatorSelfPatchSchema>;

/** Account deletion needs the typed word Delete (Russian 'Удалить'). */
export const AccountDeletionSchema = z.object({ confirmation: DeleteConfirmationSchema });

export const ownerSelfEndpoint = defineEndpoint({ group: 'owner', method: 'GET', path: '/self', summary: 'The signed-in owner', result: OwnerSelfSchema });
export const ownerSelfPatchEndpoint = defineEndpoint({
  group: 'owner',
  method: 'PATCH',
  path: '/self',
  summary: "Changes the owner's password, optionally ending his other sessions",
  body: PasswordChangeSchema,
  result: PasswordChangedSchema,
});
export const ownerSelfDeleteEndpoint = defineEndpoint({
  group: 'owner',
  method: 'DELETE',
  path: '/self',
  summary: 'Deletes the owner account and everything it owns',
  body: AccountDeletionSchema,
  result: z.object({ deleted: z.literal(true) }),
});
export const estimatorSelfEndpoint = defineEndpoint({
  group: 'estimator',
  method: 'GET',
  path: '/self',
  summary: 'The signed-in estimator',
  result: EstimatorSelfSchema,
});
export const estimatorSelfPatchEndpoint = defineEndpoint({
  group: 'estimator',
  method: 'PATCH',
  path: '/self',
  summary: "Changes the estimator's password and/or language",
  body: EstimatorSelfPatchSchema,
  result: PasswordChangedSchema.extend({ self: EstimatorSelfSchema }),
});
