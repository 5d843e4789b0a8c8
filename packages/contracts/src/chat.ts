import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import { PairKindSchema } from './pairs.ts';

/*
 * The chat-model service (spec section 7): the narrative report of a pair result in the reader's language.
 * Paths are relative to /api/chat.
 */

export const ChatResultRequestSchema = z.object({
  /** Id of the pair request whose stored result is described. */
  result: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100),
  /** The two profiles of the pair, in any order; they must be the pair's own. */
  id1: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100),
  id2: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100),
  /** Kind of the result to describe; it must match the stored run. */
  type: PairKindSchema.default('work'),
});

export const ChatNarrativeSchema = z.object({
  /** Paragraphs of plain text. */
  paragraphs: z.array(z.string()),
  locale: z.enum(['ru', 'en']),
  /** builtin: composed from the figures by the server; model: written by the configured chat model. */
  source: z.enum(['builtin', 'model']),
  /** A locked love report is described by its summary only. */
  locked: z.boolean(),
});
export type ChatNarrative = z.infer<typeof ChatNarrativeSchema>;

export const chatResultEndpoint = defineEndpoint({
  group: 'chat',
  method: 'POST',
  path: '/result',
  summary: 'Writes the narrative report of a pair result in the reader’s language',
  body: ChatResultRequestSchema,
  result: ChatNarrativeSchema,
});
