import crypto from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@teamcast/contracts';
import { listensOnLoopbackOnly, type Config } from '../../core/config.ts';
import type { Db } from '../../core/db.ts';
import { claimDue, insertMessage, markFailed, markSent, type OutboxRow } from './mail.repository.ts';
import { escapeHtml, renderMail, type Brand, type MailKind, type RenderedMail } from './mail.templates.ts';

/** Header naming the kind of a sent message (verify, join, magic, reset, enterprise), for filters and test sinks. */
const MAIL_KIND_HEADER = 'X-Teamcast-Mail-Kind';

/**
 * Keeps a plain-text message written by a module (no template, e.g. an enterprise request to support) in the outbox:
 * the retry loop sends it when SMTP_URL is set, otherwise administrators read it in the console's outbox.
 */
export async function queuePlainMessage(
  db: Db,
  message: { to: string; subject: string; text: string; kind: OutboxRow['kind']; locale: Locale },
): Promise<void> {
  const htmlBody = `<pre style="font: 14px/1.5 sans-serif; white-space: pre-wrap">${escapeHtml(message.text)}</pre>`;
  await insertMessage(db, {
    id: crypto.randomUUID(),
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody,
    kind: message.kind,
    locale: message.locale,
  });
}

/** How often the retry loop looks for messages whose delivery failed, in milliseconds (half the first retry delay). */
export const retryIntervalMs = (config: Pick<Config, 'MAIL_RETRY_SECONDS'>) => (config.MAIL_RETRY_SECONDS ?? 60) * 500;

export type MailRequest = { to: string; kind: MailKind; locale: Locale; brand: Brand; link: string; values?: Record<string, string> };

/** A message rendered by its module (a receipt), stored as it is. */
export type RenderedMessage = { to: string; kind: 'receipt'; locale: Locale; rendered: RenderedMail };

export type Mailer = {
  /** Whether messages leave over SMTP (SMTP_URL set) or stay in the outbox. */
  readonly mode: 'smtp' | 'outbox';
  /**
   * Renders the message, stores it in the outbox and, with SMTP, starts sending it without holding up the request:
   * a failure leaves it in the outbox for the retry loop. Returns the outbox id.
   */
  send(request: MailRequest): Promise<string>;
  /**
   * Stores a rendered message in the outbox through `db`, which may be a transaction: the message exists only if the
   * work it reports is committed. Nothing is sent yet; `deliverDue` (or the retry loop) sends it once committed.
   */
  enqueue(db: Db, message: RenderedMessage): Promise<string>;
  /** Starts sending every due message now (SMTP), without holding up the caller. */
  deliverDue(): void;
  /** One pass of the retry loop: sends every due message. */
  retryDue(): Promise<void>;
  /** Starts the periodic retry loop (SMTP only). */
  start(): void;
  /** Stops the loop and waits for sends in flight. */
  stop(): Promise<void>;
};

export function createMailer({ db, config, log, transport }: { db: Db; config: Config; log: FastifyBaseLogger; transport?: Transporter }): Mailer {
  const smtp = transport ?? (config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined);
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  // Without SMTP a developer on a laptop needs the link to sign up; only when nobody else can reach the server does it
  // reach the log. Anywhere else the log never holds a link, and administrators read the mail in the console.
  const linkInLog = !smtp && listensOnLoopbackOnly(config);

  const deliver = async (row: OutboxRow) => {
    if (!smtp) return;
    try {
      await smtp.sendMail({
        from: config.MAIL_FROM,
        to: row.toAddress,
        replyTo: config.SUPPORT_EMAIL,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        headers: { [MAIL_KIND_HEADER]: row.kind },
      });
      await markSent(db, row.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await markFailed(db, row.id, message).catch(() => {});
      log.warn({ mailId: row.id, attempt: row.attempts, err: { message } }, 'mail delivery failed; it stays in the outbox for retry');
    }
  };

  const track = (work: Promise<void>) => {
    const tracked = work.catch((error: unknown) => log.error({ err: error }, 'mail delivery error')).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const retryDue = async () => {
    if (!smtp) return;
    for (const row of await claimDue(db, undefined, 10, config.MAIL_RETRY_SECONDS)) await deliver(row);
  };

  return {
    mode: smtp ? 'smtp' : 'outbox',
    async send({ to, kind, locale, brand, link, values }) {
      const id = crypto.randomUUID();
      const rendered = renderMail(kind, locale, brand, link, values);
      await insertMessage(db, { id, toAddress: to.toLowerCase(), subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html, kind, locale });
      if (smtp) {
        track(claimDue(db, id, 10, config.MAIL_RETRY_SECONDS).then(async ([row]) => (row ? deliver(row) : undefined)));
      } else if (linkInLog) {
        log.info({ mailId: id, kind }, `mail kept in the outbox (no SMTP_URL, loopback only): ${link}`);
      } else {
        log.warn({ mailId: id, kind }, 'mail kept in the outbox: set SMTP_URL to send mail; administrators read it under Outbox in the console');
      }
      return id;
    },
    async enqueue(target, { to, kind, locale, rendered }) {
      const id = crypto.randomUUID();
      await insertMessage(target, {
        id,
        toAddress: to.toLowerCase(),
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
        kind,
        locale,
      });
      return id;
    },
    deliverDue() {
      if (smtp) track(retryDue());
    },
    retryDue,
    start() {
      if (!smtp || timer) return;
      timer = setInterval(() => track(retryDue()), retryIntervalMs(config));
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await Promise.all([...inFlight]);
      smtp?.close();
    },
  };
}
