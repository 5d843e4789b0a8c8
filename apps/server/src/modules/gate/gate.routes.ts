import type { FastifyPluginAsync } from 'fastify';
import { GATE_PATH, GateClientMessageSchema, errorMessage, parseInput, type ErrorCode, type GateServerMessage, type Locale } from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import { CLOSE_SESSION_ENDED as CLOSE_UNAUTHORIZED, CLOSE_TOO_MANY_SOCKETS } from './gate.hub.ts';

/**
 * The websocket gate. The access token comes in the `token` query parameter; the connection is refused without a valid
 * one. Each browser message is checked against its schema: a malformed one gets an error message back and the
 * connection stays open. A session that ends closes its sockets at once (the hub hears it from the database); the
 * session is also checked again on every ping. One session holds at most MAX_SOCKETS_PER_SESSION sockets per process.
 */
export const gateModule: FastifyPluginAsync = async (app) => {
  app.accessCatalogue.push({ method: 'GET', url: GATE_PATH, access: ['owner', 'estimator', 'administrator'] });

  app.get(GATE_PATH, { websocket: true, schema: { hide: true } }, async (socket, request) => {
    const locale: Locale = request.locale;
    const send = (message: GateServerMessage) => socket.send(JSON.stringify(message));
    const sendError = (code: ErrorCode) => send({ type: 'error', payload: { code, message: errorMessage(code, locale) } });
    const token = (request.query as { token?: unknown }).token;

    const verify = async () => {
      if (typeof token !== 'string' || token === '') throw new AppError('unauthorized');
      return (await app.authenticator.verify(token)).auth;
    };

    // Listen before the first await: messages sent right after opening would otherwise be lost.
    const pending: Array<{ raw: Buffer; isBinary: boolean }> = [];
    const listener: { handle?: (raw: Buffer, isBinary: boolean) => void } = {};
    socket.on('message', (raw: Buffer, isBinary: boolean) => (listener.handle ? listener.handle(raw, isBinary) : pending.push({ raw, isBinary })));

    let auth;
    try {
      auth = await verify();
    } catch {
      sendError('unauthorized');
      socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    const attached = app.gate.attach(socket, auth);
    if (!attached) {
      sendError('rate_limited');
      socket.close(CLOSE_TOO_MANY_SOCKETS, 'too many connections');
      return;
    }
    const { upstreamId, detach } = attached;
    socket.on('close', detach);
    // A session ended between the first check and the attach was announced before this socket could hear it.
    try {
      await verify();
    } catch {
      sendError('unauthorized');
      socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }

    const onMessage = (raw: Buffer, isBinary: boolean) => {
      void (async () => {
        let parsed;
        try {
          parsed = parseInput(GateClientMessageSchema, isBinary ? undefined : JSON.parse(raw.toString('utf8')));
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success) return sendError('bad_request');
        const message = parsed.data;
        try {
          if (message.type === 'ping') {
            await verify();
            return send({ type: 'ping', payload: { at: Date.now() } });
          }
          if (message.type === 'reflectState') return send({ type: 'reflectState', payload: { upstreamId, status: 'OPEN' } });
          const handler = app.gate.handlerFor(message.type);
          if (!handler) return sendError('bad_request');
          await handler(message as never, { auth, upstreamId, reply: send });
        } catch (error) {
          if (error instanceof AppError && error.code === 'unauthorized') {
            sendError('unauthorized');
            return socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
          }
          request.log.error({ err: error, type: message.type }, 'gate handler failed');
          sendError(error instanceof AppError ? error.code : 'unexpected_error');
        }
      })();
    };
    listener.handle = onMessage;
    for (const { raw, isBinary } of pending.splice(0)) onMessage(raw, isBinary);
  });
};
