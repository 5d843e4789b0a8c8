/**
 * `npm run bench -w @teamcast/server`: the API under load with autocannon on loopback (profile list, profile read,
 * pair forecast),
 * on the embedded database and on PostgreSQL when one answers, beside a bare Fastify route returning the same rows;
 * then 2,000 authenticated websocket connections on one process (memory per connection, ping round trip).
 * Results are printed and written into docs/PERFORMANCE.md between the api-bench markers (not with BENCH_DRY=1;
 * BENCH_DRIVERS=pglite or postgres runs one driver, BENCH_SECONDS and BENCH_SOCKETS shorten a trial run).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { createOwnerToken, prepareData, rssOf, startChild, type Driver } from '../src/test/child-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2_000);
const PROFILES = 200;

type Row = { driver: Driver; target: string; rps: number; p50: number; p99: number; errors: number };
const rows: Row[] = [];
const socketRows: string[] = [];

async function load(driver: Driver, target: string, url: string, headers: Record<string, string> = {}, method: 'GET' | 'PUT' = 'GET', body?: string): Promise<void> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, method, body });
  const row = { driver, target, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
  rows.push(row);
  console.log(`${driver.padEnd(8)} ${target.padEnd(34)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}`);
  if (row.errors > 0) console.log('  answers by status:', JSON.stringify(result.statusCodeStats), 'timeouts', result.timeouts, 'connection errors', result.errors);
}

async function sockets(base: string, token: string, pid: number): Promise<void> {
  const before = rssOf(pid);
  const url = `${base.replace('http', 'ws')}/api/gate?token=${encodeURIComponent(token)}`;
  const open: WebSocket[] = [];
  for (let index = 0; index < SOCKETS; index += 1) {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    open.push(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const perConnection = (rssOf(pid) - before) / SOCKETS;
  const probe = open[0]!;
  const times: number[] = [];
  for (let sample = 0; sample < 200; sample += 1) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      probe.once('message', () => resolve());
      probe.send(JSON.stringify({ type: 'ping' }));
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const line = `${SOCKETS} sockets: ${(perConnection / 1024).toFixed(1)} KiB resident memory per connection; ping round trip p50 ${times[100]!.toFixed(2)} ms, p99 ${times[198]!.toFixed(2)} ms`;
  socketRows.push(line);
  console.log(line);
  for (const socket of open) socket.terminate();
}

/** Two completed short profiles (scored when created) and a pair request of them. */
async function scoredPair(base: string, headers: Record<string, string>): Promise<{ id: string; a: string; b: string }> {
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${url} failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { result: { _id: string } }).result._id;
  };
  const answers = (values: Record<string, string | number>) => Object.entries(values).map(([neuron, value]) => ({ neuron, value }));
  const a = await post('/api/owner/profiles/short', { personInformed: true, firstName: 'Anna', lastName: 'Bench', answers: answers({ С_Пол: 'Ж', С_Возр: 31, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 9, С_Руков_Стаж: 3, С_Проживание: 'Партнёр', С_Дети: 1 }) });
  const b = await post('/api/owner/profiles/short', { personInformed: true, firstName: 'Boris', lastName: 'Bench', answers: answers({ С_Пол: 'М', С_Возр: 44, С_ВУЗ: 'Бакалавр', С_Стаж: 20, С_Руков_Стаж: 10, С_Проживание: 'Один', С_Дети: 0 }) });
  const id = await post('/api/scene/p2p', { actors: [a, b], intensity: 8 });
  return { id, a, b };
}

async function postgresAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    socket.once('connect', () => resolve(socket.end() !== undefined));
    socket.once('error', () => resolve(false));
  });
}

async function benchDriver(driver: Driver): Promise<void> {
  const data = await prepareData(driver);
  try {
    const { ownerId, token } = await createOwnerToken(data.dataDir, data.databaseUrl);
    const env = { DATA_DIR: data.dataDir, ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}) };
    const server = await startChild('src/main.ts', env, '/api/health');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let profileId = '';
    for (let index = 0; index < PROFILES; index += 1) {
      const res = await fetch(`${server.base}/api/owner/profiles`, { method: 'POST', headers, body: JSON.stringify({ firstName: `Bench${String.fromCharCode(65 + (index % 26))}`, lastName: 'Load' }) });
      if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
      profileId ||= ((await res.json()) as { result: { _id?: string; id?: string } }).result._id ?? '';
    }
    const pair = await scoredPair(server.base, headers);
    await load(driver, 'profile list (50 rows)', `${server.base}/api/owner/profiles?limit=50`, headers);
    await load(driver, 'profile read', `${server.base}/api/owner/profiles/${profileId}`, headers);
    await load(driver, 'pair forecast (run and store)', `${server.base}/api/scene/p2p/${pair.id}/run`, headers, 'PUT', '{}');
    if (driver === 'pglite') await sockets(server.base, token, server.child.pid!);
    await server.stop();

    const bare = await startChild('bench/bare-server.ts', env, '/health');
    await load(driver, 'bare Fastify: same list', `${bare.base}/profiles/${ownerId}`);
    await load(driver, 'bare Fastify: same row', `${bare.base}/profile/${profileId}`);
    await load(driver, 'bare Fastify: same forecast', `${bare.base}/forecast/${pair.a}/${pair.b}`);
    await bare.stop();
  } finally {
    await data.cleanup();
  }
}

// BENCH_DRIVERS=pglite (or postgres) runs one driver; BENCH_DRY=1 prints without writing the docs.
const wanted = process.env.BENCH_DRIVERS?.split(',');
const drivers = (['pglite', ...((await postgresAnswers()) ? (['postgres'] as const) : [])] as Driver[]).filter((driver) => !wanted || wanted.includes(driver));
for (const driver of drivers) await benchDriver(driver);

const date = new Date().toISOString().slice(0, 10);
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const table = [
  `Measured ${date} on ${machine}; autocannon, ${CONNECTIONS} connections for ${SECONDS} s per line, server in its own process.`,
  '',
  '| database | target | requests/s | p50 ms | p99 ms | errors |',
  '|---|---|---:|---:|---:|---:|',
  ...rows.map((row) => `| ${row.driver} | ${row.target} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} |`),
  '',
  ...socketRows.map((line) => `Websocket gate, one process: ${line}.`),
].join('\n');

const doc = path.join(import.meta.dirname, '../../../docs/PERFORMANCE.md');
const current = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '# Performance\n';
const block = `<!-- api-bench:start -->\n${table}\n<!-- api-bench:end -->`;
const next = current.includes('<!-- api-bench:start -->')
  ? current.replace(/<!-- api-bench:start -->[\s\S]*<!-- api-bench:end -->/, block)
  : `${current.trimEnd()}\n\n## API\n\n${block}\n`;
if (process.env.BENCH_DRY) console.log('\nBENCH_DRY: docs not written');
else {
  fs.writeFileSync(doc, next);
  console.log(`\nWritten to ${path.relative(process.cwd(), doc)}`);
}
