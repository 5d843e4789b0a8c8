/**
 * The browser tests' mailbox: an SMTP server on loopback that the app under test sends to (SMTP_URL in
 * playwright.config.ts), and a small HTTP endpoint on loopback that hands the received messages to the tests
 * (`mailedLink` in mail.ts). Started by Playwright as the first web server, before the app.
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { REFUSED_DOMAIN, mailSinkPorts, parseMessage, type SinkMessage } from './mail-message.ts';

const ports = mailSinkPorts(Number(process.env.E2E_PORT ?? 3210));
const received: SinkMessage[] = [];

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  // A mailbox that does not exist: the app keeps such a message in its outbox, where the administrator reads it.
  onRcptTo(address, _session, callback) {
    if (address.address.toLowerCase().endsWith(`@${REFUSED_DOMAIN}`)) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      received.unshift(parseMessage(recipients, Buffer.concat(chunks).toString('utf8')));
      callback();
    });
  },
});

const api = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://sink');
  if (url.pathname === '/health') return res.writeHead(200).end('ok');
  if (url.pathname !== '/messages') return res.writeHead(404).end();
  const to = url.searchParams.get('to')?.toLowerCase();
  const messages = to ? received.filter((message) => message.to.includes(to)) : received;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
});

smtp.listen(ports.smtp, '127.0.0.1');
api.listen(ports.http, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
