/**
 * The pieces `npm run attack` stands on: an HTTP client that can pick its loopback source address (Linux accepts any
 * 127.0.0.0/8 address, so one machine plays many clients without any forwarded header), an SMTP sink that keeps
 * every message the server sends, the server child process with its log, and the report.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export const ROOT = path.join(import.meta.dirname, '../..');
export const SERVER_DIR = path.join(ROOT, 'apps/server');

// --- HTTP -----------------------------------------------------------------------------------------------------------

/** The fields of a `{ result }` the probes read; anything else stays unknown. */
export type Result = { token?: string; id?: string; _id?: string; variant?: string; hasPassword?: boolean; challenge?: string; [field: string]: unknown };
export type Envelope = { result?: Result; error?: { code?: string; message?: string; field?: string } };
export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: Envelope | undefined };

export type CallOptions = {
  body?: unknown;
  /** Sent as it is (a string body is not JSON-encoded). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** Loopback source address of the request: another address is another client to the server. */
  from?: string;
};

/** One HTTP request to the server under attack; never throws on a status, only on a broken connection. */
export function call(base: string, method: string, target: string, options: CallOptions = {}): Promise<Answer> {
  const url = new URL(target, base);
  if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error(`refusing a non-loopback target: ${url.href}`);
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = { 'accept-language': 'en', ...options.headers };
  if (payload !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers,
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        timeout: 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Envelope | undefined;
          try {
            json = JSON.parse(text) as Envelope;
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${target}: no answer within 60 s`)));
    request.on('error', reject);
    if (payload !== undefined) request.write(payload);
    request.end();
  });
}

/** `status code` of an answer, for the observed column. */
export const describe = (answer: Answer) =>
  `${answer.status}${answer.json?.error?.code ? ` ${answer.json.error.code}` : ''}${answer.json?.error?.field ? ` (field ${answer.json.error.field})` : ''}`;

// --- SMTP sink ------------------------------------------------------------------------------------------------------

export type Mail = { to: string[]; raw: string; text: string; links: string[] };

/** Undoes quoted-printable soft breaks and escapes, enough to read the links of a nodemailer message. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** An SMTP server on loopback that keeps every message, for the server's SMTP_URL. */
export async function startSmtpSink() {
  const mails: Mail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const text = decodeQuotedPrintable(raw);
        const links = [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
        mails.push({ to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()), raw, text, links });
        for (const wake of waiters) wake();
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Mail to an address received so far. */
    to: (address: string) => mails.filter((mail) => mail.to.includes(address.toLowerCase())),
    /** Waits (up to 20 s) for the `count`-th message to an address. */
    async waitFor(address: string, count = 1): Promise<Mail> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const received = mails.filter((mail) => mail.to.includes(address.toLowerCase()));
        if (received.length >= count) return received[count - 1]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail #${count} to ${address} within 20 s`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The `token` (or `magic`, `reset`) query parameter of the first link in a mail. */
export function linkToken(mail: Mail): { link: string; token: string } {
  for (const link of mail.links) {
    const url = new URL(link);
    const token = url.searchParams.get('token') ?? url.searchParams.get('magic') ?? url.searchParams.get('reset');
    if (token) return { link, token };
  }
  throw new Error(`no link with a token in the mail to ${mail.to.join(', ')}`);
}

/** The line of a command's output that says what happened: an error or usage line, else the first one. */
export function headline(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && line.length < 300 && !line.startsWith('>'));
  const telling = /^(\w*Error\b|error|usage|restored|refus|invalid|administrator|the backup|backup)|incomplete|truncated|checksum|trailer/i;
  return (lines.find((line) => telling.test(line)) ?? lines[0] ?? '(no output)').slice(0, 200);
}

// --- Processes ------------------------------------------------------------------------------------------------------

/** Runs a command to its end (bounded: killed after `timeoutMs`), with its output. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
  timeoutMs = 180_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A port nothing listens on now, picked by the system. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type ServerProcess = { child: ChildProcess; base: string; port: number; log(): string; stop(): Promise<void> };

/**
 * Starts the server as `npm start` does (no NODE_ENV), on loopback, keeping its log (stdout and stderr), and waits
 * up to two minutes for /api/health.
 */
export async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the server exited during start-up:\n${log}`);
    const ready = await call(base, 'GET', '/api/health').then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within two minutes:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    base,
    port,
    log: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

// --- Report ---------------------------------------------------------------------------------------------------------

export type Outcome = { name: string; expected: string; observed: string; verdict: 'PASS' | 'FAIL' | 'COVERED' };

/** Collects probe outcomes and prints each as it comes. */
export function createReport() {
  const outcomes: Outcome[] = [];
  const started = Date.now();
  const print = (outcome: Outcome) => {
    outcomes.push(outcome);
    if (outcome.verdict === 'COVERED') console.log(`  ----  ${outcome.name}: ${outcome.observed}`);
    else console.log(`  ${outcome.verdict}  ${outcome.name}\n        expected: ${outcome.expected}\n        observed: ${outcome.observed}`);
  };
  return {
    outcomes,
    /** Runs one probe: `check` returns what it observed and whether that is what was expected; a throw is a FAIL. */
    async probe(name: string, expected: string, check: () => Promise<{ observed: string; ok: boolean }>) {
      try {
        const { observed, ok } = await check();
        print({ name, expected, observed, verdict: ok ? 'PASS' : 'FAIL' });
      } catch (error) {
        print({ name, expected, observed: `probe broke: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, verdict: 'FAIL' });
      }
    },
    /**
     * An item that cannot be probed from outside: names the test that proves it. The test must be there: a file that
     * is missing, or that does not mention `mark`, is a FAIL.
     */
    covered(name: string, test: string, mark: RegExp) {
      const file = path.join(ROOT, test);
      const present = fs.existsSync(file) && mark.test(fs.readFileSync(file, 'utf8'));
      if (present) print({ name, expected: '', observed: `covered by test ${test}`, verdict: 'COVERED' });
      else
        print({
          name,
          expected: `a test in ${test} matching ${String(mark)}`,
          observed: fs.existsSync(file) ? 'the file has no such test' : 'no such file',
          verdict: 'FAIL',
        });
    },
    section(title: string) {
      console.log(`\n== ${title} (at ${Math.round((Date.now() - started) / 1000)} s)`);
    },
    summary() {
      const count = (verdict: Outcome['verdict']) => outcomes.filter((outcome) => outcome.verdict === verdict).length;
      console.log(
        `\n== summary: ${count('PASS')} passed, ${count('FAIL')} failed, ${count('COVERED')} covered by tests, in ${Math.round((Date.now() - started) / 1000)} s`,
      );
      for (const outcome of outcomes.filter((item) => item.verdict === 'FAIL')) console.log(`  FAIL  ${outcome.name}`);
      return count('FAIL');
    },
  };
}

export type Report = ReturnType<typeof createReport>;
