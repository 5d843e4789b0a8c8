/**
 * `npm run attack`: replays the attacks of issue 18 against a Teamcast server of its own and prints one line per probe
 * (name, expected, observed, PASS/FAIL); exits 1 on any FAIL. See docs/SECURITY.md.
 *
 * It starts, all on loopback: an SMTP sink, then the server as `npm start` runs it (no NODE_ENV, no PUBLIC_URL, no
 * TRUST_PROXY) in a temporary DATA_DIR on the embedded database, or on a new database it creates (and drops at the
 * end) on the PostgreSQL server of `--database-url` / DATABASE_URL. Its administrator comes from `npm run admin:create`
 * with a pre-enrolled TOTP secret. Every loop is bounded; nothing but 127.0.0.0/8 is ever contacted.
 *
 *   npm run attack [-- --database-url postgres://postgres@127.0.0.1:5432/test] [--port 3380]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createReport, freePort, headline, run, startServer, startSmtpSink, type ServerProcess } from './attack/harness.ts';
import { probeAll, type Target } from './attack/probes.ts';
import { newTotpSecret } from './attack/totp.ts';
import { probeBackup, reportCovered } from './attack/probes-offline.ts';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, port: { type: 'string' } } });
const serverUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (serverUrl && !['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(serverUrl).hostname)) {
  console.error(`attack: only a loopback PostgreSQL server is used, not ${new URL(serverUrl).hostname}`);
  process.exit(2);
}

/** A new database on the given PostgreSQL server, dropped by `drop`. */
async function createDatabase(url: string) {
  const name = `teamcast_attack_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    url: databaseUrl.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const report = createReport();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-attack-'));
const sink = await startSmtpSink();
const database = serverUrl ? await createDatabase(serverUrl) : undefined;
let server: ServerProcess | undefined;
let failures = 1;
/** Stops what this run started and removes what it made; once, whether the run ends or is interrupted. */
let cleaning: Promise<void> | undefined;
const cleanUp = () =>
  (cleaning ??= (async () => {
    await server?.stop();
    await sink.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`attack: ${signal}: stopping the server and removing its data`);
    void cleanUp().finally(() => process.exit(130));
  });
}
try {
  const port = values.port ? Number(values.port) : await freePort();
  // The server's environment: what `npm start` gets on a machine where nobody set anything, plus the sink and a love host.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DEMO_DATA: 'false',
    SMTP_URL: sink.url,
    LOVE_HOSTS: 'love.attack.test',
  };
  for (const name of ['NODE_ENV', 'PUBLIC_URL', 'TRUST_PROXY', 'AUTH_SECRET', 'DATABASE_URL', 'PORT']) delete env[name];
  if (database) env.DATABASE_URL = database.url;
  env.PORT = String(port);

  const admin = { email: 'attack-admin@example.com', password: `Adm-${crypto.randomBytes(9).toString('base64url')}`, totpSecret: newTotpSecret() };
  const created = await run(
    'npm',
    ['run', '--silent', 'admin:create', '--', '--email', admin.email, '--password', admin.password, '--totp-secret', admin.totpSecret],
    env,
  );
  report.section(`set-up: ${database ? 'PostgreSQL' : 'embedded database'}, loopback port ${port}`);
  await report.probe('admin:create enrols a TOTP secret given on the command line', 'exit 0', async () => ({
    observed: `exit ${created.code}: ${headline(created.stdout + created.stderr)}`,
    ok: created.code === 0,
  }));
  if (created.code !== 0) {
    // Without TOTP support the administrator is still needed for the other probes.
    const plain = await run('npm', ['run', '--silent', 'admin:create', '--', '--email', admin.email, '--password', admin.password], env);
    if (plain.code !== 0) throw new Error(`admin:create failed: ${plain.stdout}${plain.stderr}`);
  }

  server = await startServer(env, port);
  const target: Target = { base: server.base, port, sink, report, admin, log: () => server!.log() };
  await probeAll(target);
  await server.stop();
  server = undefined;
  await probeBackup(report, env);
  reportCovered(report);
  failures = report.summary();
} catch (error) {
  console.error('attack: the run broke off:', error);
  report.summary();
  failures = Math.max(1, failures);
} finally {
  await cleanUp();
}
process.exit(failures > 0 ? 1 : 0);
