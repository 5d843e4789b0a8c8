/**
 * Scale-out: several Teamcast server processes on one PostgreSQL database behind a small round-robin proxy on loopback.
 * `npm run scale-out` starts them, proves that sessions, websocket events and compute jobs work across processes, and
 * measures the API through the same proxy in front of 1, 2, … processes, with the machine's CPU use during each trial,
 * and says whether the machine (its cores) rather than the server was the limit. The CI-sized proof is apps/server/src/scale-out.test.ts,
 * which uses the helpers exported here.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is created on that
 * server and dropped at the end), SCALE_OUT_PROCESSES (3), SCALE_OUT_SECONDS (10), SCALE_OUT_CONNECTIONS (20).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/core/db.ts';
import { computeJobs, mailOutbox } from '../apps/server/src/db/schema/index.ts';
import { connectGate, scoredProfiles, subscribe, teamBody } from '../apps/server/src/modules/scenes/scenes.test-support.ts';
import { prepareData, startChild } from '../apps/server/src/test/child-server.ts';

type Backend = { host: string; port: number };

/**
 * A round-robin HTTP proxy: each request (and each websocket upgrade) goes to the next process in turn, with no
 * stickiness. The answering process is named in the `x-teamcast-backend` response header (its index).
 */
export async function startRoundRobinProxy(backends: Backend[]) {
  let next = 0;
  const agents = backends.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  const counts = backends.map(() => 0);
  const pick = () => {
    const index = next;
    next = (next + 1) % backends.length;
    counts[index] = (counts[index] ?? 0) + 1;
    return index;
  };
  const server = http.createServer((req, res) => {
    const index = pick();
    const backend = backends[index]!;
    const upstream = http.request(
      {
        host: backend.host,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress },
        agent: agents[index],
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-teamcast-backend': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'bad_gateway', message: 'upstream unavailable' } }));
    });
    req.pipe(upstream);
  });
  const tunnels = new Set<net.Socket>();
  server.on('upgrade', (req, client: net.Socket, head: Buffer) => {
    const backend = backends[pick()]!;
    const upstream = net.connect(backend.port, backend.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    tunnels.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      tunnels.delete(client);
      tunnels.delete(upstream);
    };
    upstream.on('error', drop).on('close', drop);
    client.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    counts,
    close: async () => {
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const agent of agents) agent.destroy();
    },
  };
}

/** A PostgreSQL database, `count` server processes on it (same AUTH_SECRET, each its own empty DATA_DIR) and the proxy. */
export async function startCluster(count: number) {
  const data = await prepareData('postgres');
  const secret = crypto.randomBytes(48).toString('base64url');
  const dirs: string[] = [];
  const processes: Awaited<ReturnType<typeof startChild>>[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>> | undefined;
  let database: Database | undefined;
  const close = async () => {
    await proxy?.close();
    await Promise.all(processes.map((server) => server.stop()));
    await database?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await data.cleanup();
  };
  try {
    // Started together: migrations take turns through an advisory lock.
    const started = await Promise.all(
      Array.from({ length: count }, async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-scale-'));
        dirs.push(dataDir);
        // The proxy runs on loopback and sets X-Forwarded-For: the processes take the client address from it.
        return startChild('src/main.ts', { DATA_DIR: dataDir, DATABASE_URL: data.databaseUrl!, AUTH_SECRET: secret, TRUST_PROXY: 'loopback' }, '/api/health');
      }),
    );
    processes.push(...started);
    proxy = await startRoundRobinProxy(processes.map((server) => ({ host: '127.0.0.1', port: Number(new URL(server.base).port) })));
    database = await openDatabase({ url: data.databaseUrl! });
    return { proxy, processes, database, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * Signs an owner up through the proxy (one process) as a person does: the sign-up mails a link (kept in the shared
 * outbox: the processes have no SMTP server), the link proves the address and signs in; then an unlimited
 * subscription and a few scored profiles.
 */
export async function signUpOwner(cluster: Cluster, profileCount = 4) {
  const email = `scale-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const res = await fetch(`${cluster.proxy.base}/api/passport/owner/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ email, companyName: 'Scale', privacyPolicy: true, personalData: true }),
  });
  if (res.status !== 202) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const signedUpOn = Number(res.headers.get('x-teamcast-backend'));
  // The message is written right after the answer; wait for it (bounded).
  let link: string | undefined;
  for (let attempt = 0; attempt < 200 && !link; attempt++) {
    const [message] = await cluster.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'verify')));
    link = message ? /https?:\/\/\S+/.exec(message.text)?.[0] : undefined;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!link) throw new Error(`no verification mail to ${email}`);
  const verified = await fetch(`${cluster.proxy.base}/api/passport/owner/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
  });
  if (!verified.ok) throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
  const { token, id } = ((await verified.json()) as { result: { token: string; id: string } }).result;
  await subscribe(cluster.database.db, id, 'UNLIMITED');
  const profileIds = await scoredProfiles(cluster.database.db, id, profileCount);
  return { ownerId: id, token, profileIds, signedUpOn };
}

/** Creates a scene and starts its run on one base URL; returns the run id and the process that answered. */
export async function startRun(base: string, token: string, title: string, profileIds: string[]): Promise<string> {
  const created = await fetch(`${base}/api/scene/scene`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(teamBody(title, profileIds)),
  });
  if (!created.ok) throw new Error(`scene not created: ${created.status} ${await created.text()}`);
  const sceneId = ((await created.json()) as { result: { scene: { _id: string } } }).result.scene._id;
  const run = await fetch(`${base}/api/scene/scene/${sceneId}/run`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
  if (!run.ok) throw new Error(`run not started: ${run.status} ${await run.text()}`);
  return ((await run.json()) as { result: { ruid: string } }).result.ruid;
}

/** Status and attempts of compute jobs. */
export async function jobsOf(database: Database, ids: string[]) {
  return database.db
    .select({ id: computeJobs.id, status: computeJobs.status, attempts: computeJobs.attempts })
    .from(computeJobs)
    .where(inArray(computeJobs.id, ids));
}

export { connectGate };

/** `connections` clients read a URL as fast as they can for `seconds`: requests per second, p50, p99, errors. */
export async function load(url: string, token: string, connections: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        try {
          const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          if (res.status !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { requests: latencies.length, perSecond: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), errors };
}

type Trial = Awaited<ReturnType<typeof load>> & { processes: number; busy: number };

/** The machine's CPU use (all cores, every process: servers, PostgreSQL, this script) from now until `busy()`, in percent. */
function cpuSample() {
  const read = () => {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const start = read();
  return {
    busy: () => {
      const end = read();
      const total = end.total - start.total;
      return total > 0 ? Math.round((100 * (total - (end.idle - start.idle))) / total) : 0;
    },
  };
}

/** A CPU this busy (percent, whole machine) during one process's trial leaves nothing for more processes to use. */
const SATURATED = 85;

/**
 * What more processes gave, said plainly: each trial's throughput against one process, and whether this machine (its
 * cores, shared by the servers, PostgreSQL and the load generator) was the limit rather than the server.
 */
function verdict(trials: Trial[], cores: number): string[] {
  const one = trials[0];
  if (!one || one.perSecond === 0) return ['no throughput measured'];
  const lines = trials
    .slice(1)
    .map((trial) => `${trial.processes} processes: ${(trial.perSecond / one.perSecond).toFixed(2)}× the throughput of one (ideal ${trial.processes}×)`);
  const best = Math.max(...trials.map((trial) => trial.perSecond)) / one.perSecond;
  if (one.busy >= SATURATED || cores <= 2) {
    lines.push(
      `The machine is the limit: ${cores} core${cores > 1 ? 's' : ''}, ${one.busy}% busy already with one process (the server, PostgreSQL and this load generator share them), so more processes can only share the same CPU time (best ${best.toFixed(2)}×). Measure scale-out on a machine with free cores, or with the processes, PostgreSQL and the load on separate machines.`,
    );
  } else if (best < 1.2) {
    lines.push(`More processes gave no gain although the CPU was ${one.busy}% busy with one: look at PostgreSQL (connections, locks) or the proxy.`);
  } else {
    lines.push(`More processes added capacity: best ${best.toFixed(2)}× of one on ${cores} cores.`);
  }
  return lines;
}

async function main(): Promise<void> {
  const count = Number(process.env.SCALE_OUT_PROCESSES ?? 3);
  const seconds = Number(process.env.SCALE_OUT_SECONDS ?? 10);
  const connections = Number(process.env.SCALE_OUT_CONNECTIONS ?? 20);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(
    `Scale-out on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${(os.loadavg()[0] ?? 0).toFixed(1)}, ${new Date().toISOString()}`,
  );
  const cluster = await startCluster(count);
  try {
    const owner = await signUpOwner(cluster);
    log(`${count} processes behind the proxy; owner signed up through process ${owner.signedUpOn}`);

    // Session across processes.
    const seen = new Map<number, number>();
    for (let i = 0; i < count * 3; i++) {
      const res = await fetch(`${cluster.proxy.base}/api/owner/profiles`, { headers: { authorization: `Bearer ${owner.token}` } });
      const by = Number(res.headers.get('x-teamcast-backend'));
      seen.set(by, (seen.get(by) ?? 0) + (res.status === 200 ? 1 : 0));
    }
    log(`session: ${[...seen].map(([by, ok]) => `process ${by}: ${ok} ok`).join(', ')}`);

    // Websocket events across processes: the socket is on process 0, runs are started on the others.
    const gate = await connectGate(cluster.processes[0]!.base.replace('http', 'ws'), owner.token);
    const runs = 9;
    const delays: number[] = [];
    const ruids: string[] = [];
    for (let i = 0; i < runs; i++) {
      const base = cluster.processes[1 + (i % (count - 1))]!.base;
      const started = performance.now();
      const ruid = await startRun(base, owner.token, `Run ${i}`, owner.profileIds.slice(0, 2 + (i % 3)));
      ruids.push(ruid);
      await gate.phasesOf(ruid);
      delays.push(performance.now() - started);
    }
    gate.close();
    const jobs = await jobsOf(cluster.database, ruids);
    const once = jobs.filter((job) => job.status === 'done' && job.attempts === 1).length;
    delays.sort((a, b) => a - b);
    log(
      `gate: ${runs} runs started on processes 1..${count - 1}, all phases received on process 0; run to last phase p50 ${Math.round(delays[Math.floor(runs / 2)] ?? 0)} ms, max ${Math.round(delays[runs - 1] ?? 0)} ms; ${once}/${runs} jobs done with one attempt`,
    );

    // Throughput: the same proxy in front of 1, 2, … processes, so every trial pays the same proxy and load generator.
    const trials: Trial[] = [];
    for (let processes = 1; processes <= count; processes++) {
      const proxy = await startRoundRobinProxy(
        cluster.processes.slice(0, processes).map((server) => ({ host: '127.0.0.1', port: Number(new URL(server.base).port) })),
      );
      try {
        const cpu = cpuSample();
        const result = await load(`${proxy.base}/api/owner/profiles`, owner.token, connections, seconds);
        const trial = { processes, ...result, busy: cpu.busy() };
        trials.push(trial);
        log(
          `GET /api/owner/profiles, ${connections} connections, ${seconds} s, ${processes} process${processes > 1 ? 'es' : ''} through the proxy: ${trial.perSecond} req/s, p50 ${trial.p50} ms, p99 ${trial.p99} ms, errors ${trial.errors}, machine CPU ${trial.busy}% busy (requests per process ${proxy.counts.join('/')})`,
        );
      } finally {
        await proxy.close();
      }
    }
    for (const line of verdict(trials, os.cpus().length)) log(line);
  } finally {
    await cluster.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
