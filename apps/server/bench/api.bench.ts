/**
 * `npm run bench -w @teamcast/server`: the API under load with autocannon on loopback (profile list, profile read),
 * on the embedded database and on PostgreSQL when one answers, beside a bare Fastify route returning the same rows;
 * then 2,000 authenticated websocket connections on one process (memory per connection, ping round trip).
 * Results are printed and written into docs/PERFORMANCE.md between the api-bench markers.
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

async function load(driver: Driver, target: string, url: string, headers: Record<string, string> = {}): Promise<void> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const row = { driver, target, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
  rows.push(row);
  console.log(`${driver.padEnd(8)} ${target.padEnd(34)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}`);
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
    await load(driver, 'profile list (50 rows)', `${server.base}/api/owner/profiles?limit=50`, headers);
    await load(driver, 'profile read', `${server.base}/api/owner/profiles/${profileId}`, headers);
    if (driver === 'pglite') await sockets(server.base, token, server.child.pid!);
    await server.stop();

    const bare = await startChild('bench/bare-server.ts', env, '/health');
    await load(driver, 'bare Fastify: same list', `${bare.base}/profiles/${ownerId}`);
    await load(driver, 'bare Fastify: same row', `${bare.base}/profile/${profileId}`);
    await bare.stop();
  } finally {
    await data.cleanup();
  }
}

const drivers: Driver[] = ['pglite', ...((await postgresAnswers()) ? (['postgres'] as const) : [])];
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
fs.writeFileSync(doc, next);
console.log(`\nWritten to ${path.relative(process.cwd(), doc)}`);
