import type { FastifyPluginAsync } from 'fastify';
import { chatResultEndpoint } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { createChatModel } from './chat-model.ts';
import { narrate } from './chat.service.ts';

/** The chat-model service: POST /api/chat/result writes a result's narrative in the reader's language. */
export const chatModule: FastifyPluginAsync = async (app) => {
  const { CHAT_MODEL_URL, CHAT_MODEL_NAME, CHAT_MODEL_KEY } = app.config;
  const model = CHAT_MODEL_URL ? createChatModel({ url: CHAT_MODEL_URL, model: CHAT_MODEL_NAME, key: CHAT_MODEL_KEY }) : null;
  const deps = { db: app.database.db, model, log: app.log };
  route(app, chatResultEndpoint, {
    access: ['owner'],
    // A configured model costs money per call; the cache absorbs repeats, the limit absorbs loops.
    rateLimit: { max: 30, timeWindow: '1 minute' },
    handler: async ({ auth, body, locale }) => narrate(deps, auth.subjectId, body, locale),
  });
};
