import path from 'node:path';
import Fastify from 'fastify';
import type { Answer } from '@teamcast/contracts';
import { forecastPair, type Grade } from '@teamcast/engine';
import { openDatabase } from '../src/core/db.ts';
import { enginePersonOf } from '../src/modules/scoring/engine-person.ts';

/**
 * The baseline: a bare Fastify route returning the same profile rows from the same database, with none of our layers
 * (no auth, validation, envelope or presenter). The benchmark runs it beside the real server to show what they cost.
 * Its pair forecast reads the two profiles and runs the engine on the same inputs, but stores nothing (the real route
 * also checks the request, stores the result and writes the dashboard history).
 */
const dataDir = process.env.DATA_DIR!;
const database = process.env.DATABASE_URL
  ? await openDatabase({ url: process.env.DATABASE_URL })
  : await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
const app = Fastify();
app.get('/health', async () => ({ ok: true }));
app.get('/profiles/:ownerId', async (request) => {
  const { ownerId } = request.params as { ownerId: string };
  return database.query('select * from profiles where owner_id = $1 order by created_at desc limit 50', [ownerId]);
});
app.get('/profile/:id', async (request) => {
  const { id } = request.params as { id: string };
  return (await database.query('select * from profiles where id = $1', [id]))[0];
});
type ScoredRow = {
  id: string;
  competencies: number;
  professionalism: number;
  maturity: number;
  age: number;
  gender: 'М' | 'Ж';
  grade: Grade | null;
  answers: Answer[];
};
const specialist = (row: ScoredRow) => enginePersonOf(row, 'work');
app.get('/forecast/:a/:b', async (request) => {
  const { a, b } = request.params as { a: string; b: string };
  const rows = await database.query<ScoredRow>(
    'select id, competencies, professionalism, maturity, age, gender, grade, answers from profiles where id = any($1)',
    [[a, b]],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const startDay = new Date().toISOString().slice(0, 8) + '01';
  return forecastPair({ a: specialist(byId.get(a)!), b: specialist(byId.get(b)!), kind: 'work', mode: 0, intensity: 8, manager: null, startDay }, undefined, {
    band: true,
  });
});
app.addHook('onClose', () => database.close());
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
