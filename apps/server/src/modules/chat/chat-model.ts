import OpenAI from 'openai';
import type { Locale } from '@teamcast/contracts';

/** An OpenAI-compatible chat endpoint: given instructions and figures, it returns text. */
export type ChatModel = { name: string; write(system: string, user: string): Promise<string> };

export type ChatModelConfig = { url: string; model: string; key?: string; timeoutMs?: number; retries?: number };

/**
 * A client of any OpenAI-compatible chat completions endpoint through the `openai` package: each attempt is cut
 * off after the timeout, and failed attempts (timeouts, 429 and 5xx answers, connection errors) are retried.
 */
export function createChatModel(config: ChatModelConfig): ChatModel {
  const client = new OpenAI({
    baseURL: config.url,
    // Local servers often need no key; the package insists on one.
    apiKey: config.key ?? 'not-needed',
    timeout: config.timeoutMs ?? 20_000,
    maxRetries: config.retries ?? 2,
  });
  return {
    name: config.model,
    async write(system, user) {
      const completion = await client.chat.completions.create({
        model: config.model,
        temperature: 0.3,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      });
      return completion.choices[0]?.message?.content?.trim() ?? '';
    },
  };
}

const LANGUAGE: Record<Locale, string> = { en: 'English', ru: 'Russian' };

/** Instructions for the model: write in the reader's language and keep every figure exactly as given. */
export function modelInstructions(locale: Locale): string {
  return [
    `You write a short compatibility report in ${LANGUAGE[locale]} for the person who requested it.`,
    'Use only the figures given. Never change a number, a month, a band or the recommendation level.',
    'Name the best month and the worst month, and the condition band, exactly as written in the draft.',
    'Write 3 to 5 short paragraphs of plain text separated by blank lines, no headings, no lists, no markdown.',
  ].join(' ');
}
