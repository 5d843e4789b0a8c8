import path from 'node:path';
import Fastify from 'fastify';
import { openDatabase } from '../src/core/db.ts';

/**
 * The baseline: a bare Fastify route returning the same profile rows from the same database, with none of our layers
 * (no auth, validation, envelope or presenter). The benchmark runs it beside the real server to show what they cost.
 */
const dataDir = process.env.DATA_DIR!;
const database = process.env.DATABASE_URL ? await openDatabase({ url: process.env.DATABASE_URL }) : await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
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
app.addHook('onClose', () => database.close());
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
