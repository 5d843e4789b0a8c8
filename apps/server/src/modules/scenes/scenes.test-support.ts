import crypto from 'node:crypto';
import WebSocket from 'ws';
import { GATE_PATH, GateServerMessageSchema, teamActors, type GateServerMessage } from '@teamcast/contracts';
import { profiles, subscriptions } from '../../db/schema/index.ts';
import type { Db } from '../../core/db.ts';

/** Gives an owner an active subscription to a plan (FULL_1M_2: teams, scene and comparison, at most 2 teams). */
export async function subscribe(db: Db, ownerId: string, plan = 'FULL_1M_2'): Promise<void> {
  const now = new Date();
  await db.insert(subscriptions).values({
    id: crypto.randomUUID(),
    ownerId,
    provider: 'builtin',
    plan,
    status: 'active',
    currency: 'RUB',
    amount: 0,
    startedAt: now,
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
  });
}

type ProfileValues = Partial<typeof profiles.$inferInsert>;

/** Inserts a completed, scored profile of an owner (scores set directly, as the scoring issue has not landed). */
export async function scoredProfile(db: Db, ownerId: string, values: ProfileValues = {}): Promise<string> {
  const id = crypto.randomUUID();
  const score = 40 + Math.floor(Math.random() * 40);
  await db.insert(profiles).values({
    id,
    ownerId,
    kind: 'standard',
    state: 'ack_a',
    firstName: 'Анна',
    lastName: `Тестова${id.slice(0, 4)}`,
    age: 34,
    gender: 'Ж',
    position: 'Analyst',
    permalink: crypto.randomBytes(12).toString('hex'),
    linkExpiresAt: new Date(Date.now() + 86_400_000),
    competencies: score,
    professionalism: score - 5,
    maturity: score + 5,
    grade: 'MIDDLE',
    completedAt: new Date(),
    ...values,
  });
  return id;
}

export async function scoredProfiles(db: Db, ownerId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await scoredProfile(db, ownerId, { age: 25 + (i % 40), gender: i % 2 ? 'М' : 'Ж' }));
  return ids;
}

/** A scene body for a fast team check of these profiles. */
export const teamBody = (title: string, ids: string[]) => ({ title, startDay: '2026-11-01', actors: teamActors(ids) });

/** A real websocket client on the gate that records every message it receives. */
export async function connectGate(base: string, token: string) {
  const socket = new WebSocket(`${base}${GATE_PATH}?token=${encodeURIComponent(token)}`, { headers: { 'accept-language': 'en' } });
  const received: GateServerMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    received.push(GateServerMessageSchema.parse(JSON.parse(raw.toString())));
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  /** Waits for (and takes) the first message matching a predicate. */
  const next = async <T extends GateServerMessage['type']>(type: T, match: (m: Extract<GateServerMessage, { type: T }>) => boolean = () => true) => {
    for (;;) {
      const found = received.findIndex((m) => m.type === type && match(m as Extract<GateServerMessage, { type: T }>));
      if (found >= 0) return received.splice(found, 1)[0] as Extract<GateServerMessage, { type: T }>;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  /** Collects sceneComputePhase phases of a run until done (5) or an error. */
  const phasesOf = async (ruid: string) => {
    const phases: number[] = [];
    for (;;) {
      const message = await next('sceneComputePhase', (m) => m.payload.ruid === ruid);
      if (message.payload.error) throw new Error(`run failed: ${message.payload.error}`);
      phases.push(message.payload.phase);
      if (message.payload.phase === 5) return phases;
    }
  };
  return { socket, received, next, phasesOf, close: () => socket.close() };
}
