import crypto from 'node:crypto';
import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { GateServerMessageSchema, type GateClientMessage, type GateServerMessage, type Role } from '@teamcast/contracts';
import type { AuthContext } from '../../core/auth.ts';
import type { Database } from '../../core/db.ts';
import { SESSIONS_ENDED_CHANNEL } from '../../core/session.repository.ts';

export type GateTarget = { role: Role; subjectId: string };

/** What a handler of a browser message gets: who sent it, from which connection, and a way to answer it. */
export type GateContext = { auth: AuthContext; upstreamId: string; reply(message: GateServerMessage): void };
type Handler<T extends GateClientMessage['type']> = (message: Extract<GateClientMessage, { type: T }>, context: GateContext) => Promise<void> | void;

const CHANNEL = 'teamcast_gate';
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_NOTIFY_BYTES = 7_900;
/** Open sockets one session may hold (a browser's tabs share the session); one more is refused. */
export const MAX_SOCKETS_PER_SESSION = 10;
/** Close codes: the session ended (the client signs out), and too many sockets for one session. */
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_TOO_MANY_SOCKETS = 4429;

type Connection = { socket: WebSocket; auth: AuthContext; upstreamId: string };

/**
 * The websocket hub. Messages to a user go through the database's notification channel, so they reach him whichever
 * server process holds his socket (PostgreSQL LISTEN/NOTIFY; in-process on PGlite).
 */
export function createGateHub(database: Database, log: FastifyBaseLogger) {
  const byUser = new Map<string, Set<Connection>>();
  const bySession = new Map<string, Set<Connection>>();
  const handlers = new Map<string, Handler<never>>();
  const unlisteners: Array<() => Promise<void>> = [];

  const keyOf = (target: GateTarget) => `${target.role}:${target.subjectId}`;

  function deliverLocally(target: GateTarget, message: GateServerMessage, exceptUpstreamId?: string): void {
    const text = JSON.stringify(message);
    for (const connection of byUser.get(keyOf(target)) ?? []) {
      if (connection.upstreamId === exceptUpstreamId) continue;
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text);
    }
  }

  return {
    async start(): Promise<void> {
      // A session that ends (sign-out, password change or reset, deletion, first proof of the address) loses its sockets in every process.
      unlisteners.push(
        await database.listen(SESSIONS_ENDED_CHANNEL, (payload) => {
          try {
            for (const sessionId of JSON.parse(payload) as string[]) {
              for (const connection of bySession.get(sessionId) ?? []) connection.socket.close(CLOSE_SESSION_ENDED, 'session ended');
            }
          } catch (error) {
            log.warn({ err: error }, 'gate: unreadable session notification');
          }
        }),
      );
      const unlisten = await database.listen(CHANNEL, (payload) => {
        try {
          const { target, message, exceptUpstreamId } = JSON.parse(payload) as { target: GateTarget; message: GateServerMessage; exceptUpstreamId?: string };
          deliverLocally(target, message, exceptUpstreamId);
        } catch (error) {
          log.warn({ err: error }, 'gate: unreadable notification');
        }
      });
      unlisteners.push(unlisten);
    },
    async stop(): Promise<void> {
      for (const unlisten of unlisteners.splice(0)) await unlisten();
      for (const set of byUser.values()) for (const connection of set) connection.socket.close(1001, 'server shutting down');
      byUser.clear();
      bySession.clear();
    },

    /** Sends a message to every open socket of a user, in any process; optionally not to the connection that caused it. */
    async publish(target: GateTarget, message: GateServerMessage, exceptUpstreamId?: string): Promise<void> {
      const checked = GateServerMessageSchema.parse(message);
      const payload = JSON.stringify({ target, message: checked, exceptUpstreamId });
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) throw new Error(`gate message ${message.type} is too large to publish`);
      await database.notify(CHANNEL, payload);
    },

    /** Registers the handler of one kind of browser message. */
    on<T extends GateClientMessage['type']>(type: T, handler: Handler<T>): void {
      handlers.set(type, handler as unknown as Handler<never>);
    },

    handlerFor(type: string): Handler<never> | undefined {
      return handlers.get(type);
    },

    /**
     * Adds a socket of a signed-in user; returns its upstream id and the function that removes it, or undefined when
     * the session holds its most sockets already in this process.
     */
    attach(socket: WebSocket, auth: AuthContext): { upstreamId: string; detach(): void } | undefined {
      const ofSession = bySession.get(auth.sessionId) ?? new Set();
      if (ofSession.size >= MAX_SOCKETS_PER_SESSION) return undefined;
      const connection: Connection = { socket, auth, upstreamId: crypto.randomBytes(12).toString('base64url') };
      const key = keyOf({ role: auth.role, subjectId: auth.subjectId });
      const set = byUser.get(key) ?? new Set();
      set.add(connection);
      byUser.set(key, set);
      ofSession.add(connection);
      bySession.set(auth.sessionId, ofSession);
      return {
        upstreamId: connection.upstreamId,
        detach: () => {
          set.delete(connection);
          if (set.size === 0) byUser.delete(key);
          ofSession.delete(connection);
          if (ofSession.size === 0) bySession.delete(auth.sessionId);
        },
      };
    },

    /** Open sockets held by this process. */
    localConnections(): number {
      let count = 0;
      for (const set of byUser.values()) count += set.size;
      return count;
    },
  };
}

export type GateHub = ReturnType<typeof createGateHub>;
