import { z } from 'zod';
import { errorCatalogue, type ErrorCode } from './errors.ts';

export const ErrorCodeSchema = z.enum(Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]]);

/** The error envelope every failed call answers with. */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    /** Dotted path of the offending field, for validation errors. */
    field: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
