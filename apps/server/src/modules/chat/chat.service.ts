import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatNarrative, Locale, PairKind, PairResult } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { loadOwnPair, pairView } from '../pairs/pairs.service.ts';
import { modelInstructions, type ChatModel } from './chat-model.ts';
import * as repo from './chat.repository.ts';
import { bandWord, monthLabel, writeNarrative } from './narrative-writer.ts';

export type ChatDeps = { db: Db; model: ChatModel | null; log: FastifyBaseLogger };
type NarrativeRequest = { result: string; id1: string; id2: string; type: PairKind };

/** Words a narrative must contain to agree with the figures: the band, and the best and worst month when shown. */
function requiredWords(result: PairResult, locale: Locale): string[] {
  const words = [bandWord(result.summary.compatibility.band, locale)];
  const details = result.details;
  if (details) words.push(monthLabel(details.months[details.bestMonth.index]!, locale), monthLabel(details.months[details.worstMonth.index]!, locale));
  return words;
}

const agrees = (text: string, words: string[]) => words.every((word) => text.toLowerCase().includes(word.toLowerCase()));

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/**
 * The narrative report of a pair's stored result in the reader's language. The built-in writer composes it from the
 * figures; with a chat model configured, the model rewrites it, once per result run, kind, language and lock state
 * (cached), and its text is used only if it names the same band and months, otherwise the built-in text is.
 */
export async function narrate(deps: ChatDeps, ownerId: string, request: NarrativeRequest, locale: Locale): Promise<ChatNarrative> {
  const { db, model, log } = deps;
  const row = await loadOwnPair(db, ownerId, request.result);
  const view = await pairView(db, ownerId, row);
  const result = view.result;
  const [a, b] = view.actors;
  const ids = [request.id1, request.id2].sort().join('|');
  if (!result || !a || !b || result.kind !== request.type || ids !== [a._id, b._id].sort().join('|')) throw new AppError('compatibility_not_found');
  const names: [string, string] = [a.firstName ?? a.name, b.firstName ?? b.name];
  const builtin: ChatNarrative = { paragraphs: writeNarrative({ result, names, locale }), locale, source: 'builtin', locked: result.locked };
  if (!model) return builtin;

  const cacheKey = crypto
    .createHash('sha256')
    .update([result.runAt, result.kind, locale, String(result.locked), model.name].join('|'))
    .digest('hex');
  const cached = await repo.cachedNarrative(db, row.id, cacheKey);
  if (cached) return { ...builtin, paragraphs: cached, source: 'model' };
  try {
    const figures = { names, kind: result.kind, summary: result.summary, details: result.details, draft: builtin.paragraphs.join('\n\n') };
    const text = await model.write(modelInstructions(locale), JSON.stringify(figures));
    const paragraphs = paragraphsOf(text);
    if (paragraphs.length === 0 || !agrees(text, requiredWords(result, locale))) {
      log.warn({ pairId: row.id }, 'chat model text disagrees with the figures; using the built-in narrative');
      return builtin;
    }
    await repo.storeNarrative(db, row.id, cacheKey, paragraphs);
    return { ...builtin, paragraphs, source: 'model' };
  } catch (error) {
    log.warn({ err: error, pairId: row.id }, 'chat model failed; using the built-in narrative');
    return builtin;
  }
}
