/**
 * Issue 30's event-loop goal: the largest team body the API takes (a 1,000-person team, filled with non-default
 * interactions up to the scene body limit) is parsed, checked, normalised, stored and answered without holding the
 * event loop for more than 50 ms at a time. The server runs in this process on a fresh PostgreSQL database, so
 * perf_hooks.monitorEventLoopDelay samples the very loop that handles the request; the body is built before sampling
 * starts. Used by growth.bench.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/core/config.ts';
import { openDatabase } from '../src/core/db.ts';
import { createOwnerToken, prepareData } from '../src/test/child-server.ts';
import { loadOrCreateSecret } from '../src/core/secret.ts';
import { SCENE_BODY_LIMIT } from '../src/modules/scenes/scenes.routes.ts';

export type EventLoopFigures = {
  bodyBytes: number;
  people: number;
  status: number;
  /** Longest and 99th-percentile event-loop delay while the request ran (10 ms sampling resolution). */
  maxDelayMs: number;
  p99DelayMs: number;
  wallMs: number;
  /** CPU time of the whole process (main thread and workers) during the request. */
  cpuMs: number;
};

/** A team of `ids` where each member works with the next `partners` members at 2 hours a week (a ring). */
const teamText = (ids: string[], partners: number) =>
  JSON.stringify({
    title: 'Largest team',
    startDay: '2026-11-02',
    actors: ids.map((id, index) => ({
      id,
      events: [{ type: 'start', date: 0, value: 0, timestamp: 0 }],
      interactionIntensive: Array.from({ length: partners }, (_, step) => ({ actorId: ids[(index + step + 1) % ids.length]!, date: 0, value: 2 })),
    })),
  });

/** `limitBytes` (the scene body limit by default) bounds the body; a smaller one shows how the delay grows with it. */
export async function measureLargestTeamEventLoop(people = 1000, limitBytes = SCENE_BODY_LIMIT): Promise<EventLoopFigures> {
  const data = await prepareData('postgres');
  const dataDir = data.dataDir;
  const owner = await createOwnerToken(dataDir, data.databaseUrl);
  const database = await openDatabase({ url: data.databaseUrl! });
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: data.databaseUrl!,
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp({ config, database, secret: loadOrCreateSecret(dataDir, undefined) });
  try {
    await app.ready();
    await database.query(
      `insert into subscriptions (id, owner_id, provider, plan, status, currency, amount, started_at, current_period_start, current_period_end)
       values ($1, $2, 'builtin', 'UNLIMITED', 'active', 'RUB', 0, now(), now(), now() + interval '30 days')`,
      [crypto.randomUUID(), owner.ownerId],
    );
    const ids = (
      await database.query<{ id: string }>(
        `insert into profiles (id, owner_id, kind, state, first_name, last_name, position, age, gender, permalink, link_expires_at,
                               competencies, professionalism, maturity, grade, completed_at)
         select gen_random_uuid()::text, $1, 'standard', 'ack_a', 'Member', 'Large', 'Analyst', 25 + n % 40, case when n % 2 = 0 then 'Ж' else 'М' end,
                md5(random()::text), now() + interval '1 day', 50, 45, 55, 'MIDDLE', now()
         from generate_series(1, $2::integer) as n returning id`,
        [owner.ownerId, people],
      )
    ).map((row) => row.id);
    // As many partners per member as fit under the body limit (the contract allows up to 2,000 per list).
    const perPartner = teamText(ids, 2).length - teamText(ids, 1).length;
    const partners = Math.min(ids.length - 1, Math.floor((limitBytes * 0.98 - teamText(ids, 0).length) / perPartner));
    const payload = teamText(ids, partners);
    const headers = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' };
    // One small create first, so the figure is not the one that compiles the route's code.
    await app.inject({ method: 'POST', url: '/api/scene/scene', headers, payload: teamText(ids.slice(0, 3), 1) });

    const histogram = monitorEventLoopDelay({ resolution: 10 });
    const cpu = process.cpuUsage();
    const started = performance.now();
    histogram.enable();
    const response = await app.inject({ method: 'POST', url: '/api/scene/scene', headers, payload });
    histogram.disable();
    const used = process.cpuUsage(cpu);
    return {
      bodyBytes: Buffer.byteLength(payload),
      people: ids.length,
      status: response.statusCode,
      maxDelayMs: histogram.max / 1e6,
      p99DelayMs: histogram.percentile(99) / 1e6,
      wallMs: performance.now() - started,
      cpuMs: (used.user + used.system) / 1000,
    };
  } finally {
    await app.close();
    await database.close();
    await data.cleanup();
  }
}

// Run alone: `npx tsx bench/event-loop.ts [people] [body bytes]`.
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fs.realpathSync(import.meta.filename)) {
  console.log(
    JSON.stringify({
      ...(await measureLargestTeamEventLoop(Number(process.argv[2] ?? 1000), Number(process.argv[3] ?? SCENE_BODY_LIMIT))),
      load: os.loadavg(),
    }),
  );
}
