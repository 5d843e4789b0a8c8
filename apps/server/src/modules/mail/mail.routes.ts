import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { findMessage, listMessages, type OutboxRow } from './mail.repository.ts';
import { createMailer } from './mail.service.ts';
import { escapeHtml } from './mail.templates.ts';

/** Plain-text body with its links made clickable. */
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family: sans-serif; max-width: 960px; margin: 24px auto; padding: 0 16px;">${body}</body></html>`;

const status = (row: OutboxRow) => (row.sentAt ? `sent ${row.sentAt.toISOString()}` : row.attempts > 0 ? `not sent yet (${row.attempts} attempts)` : 'kept in the outbox');

/** Developer pages over the outbox: the list, one message, and JSON for browser tests. Not registered in production. */
function registerDevPages(app: FastifyInstance): void {
  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await listMessages(app.database.db);
    const items = rows
      .map((row) => `<tr><td>${row.createdAt.toISOString()}</td><td>${escapeHtml(row.toAddress)}</td><td><a href="/dev/mail/${row.id}">${escapeHtml(row.subject)}</a></td><td>${status(row)}</td></tr>`)
      .join('');
    return reply.type('text/html; charset=utf-8').send(
      page('Outbox', `<h1>Outbox</h1><p>Mail the server kept (newest first, ${rows.length} shown). Mail is ${app.mailer.mode === 'smtp' ? 'sent over SMTP' : 'kept here: set SMTP_URL to send it'}.</p>` +
        `<table cellpadding="6" border="1" style="border-collapse: collapse;"><tr><th>created</th><th>to</th><th>subject</th><th>status</th></tr>${items}</table>`),
    );
  });
  app.get<{ Querystring: { to?: string } }>('/dev/mail.json', { schema: { hide: true } }, async (request) => {
    const to = typeof request.query.to === 'string' ? request.query.to : undefined;
    const rows = await listMessages(app.database.db, to);
    return { result: rows.map((row) => ({ id: row.id, to: row.toAddress, subject: row.subject, kind: row.kind, locale: row.locale, text: row.textBody, html: row.htmlBody, createdAt: row.createdAt.toISOString() })) };
  });
  app.get<{ Params: { id: string } }>('/dev/mail/:id', { schema: { hide: true } }, async (request, reply) => {
    const row = await findMessage(app.database.db, request.params.id);
    if (!row) throw new AppError('not_found');
    return reply.type('text/html; charset=utf-8').send(
      page(row.subject, `<p><a href="/dev/mail">← Outbox</a></p><h1>${escapeHtml(row.subject)}</h1><p>To: ${escapeHtml(row.toAddress)} · ${status(row)} · <a href="/dev/mail/${row.id}/html">HTML version</a></p>` +
        `<pre style="white-space: pre-wrap; font-size: 15px;">${linkify(row.textBody)}</pre>`),
    );
  });
  app.get<{ Params: { id: string } }>('/dev/mail/:id/html', { schema: { hide: true } }, async (request, reply) => {
    const row = await findMessage(app.database.db, request.params.id);
    if (!row) throw new AppError('not_found');
    return reply.type('text/html; charset=utf-8').send(row.htmlBody);
  });
  for (const url of ['/dev/mail', '/dev/mail.json', '/dev/mail/:id', '/dev/mail/:id/html']) app.accessCatalogue.push({ method: 'GET', url, access: 'anonymous' });
}

/**
 * Outgoing mail: `app.mailer` for every module (registered without encapsulation), the retry loop from ready to
 * close, and the developer outbox pages outside production.
 */
export const mailModule: FastifyPluginAsync = async (app) => {
  const mailer = createMailer({ db: app.database.db, config: app.config, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('preClose', async () => mailer.stop());
  if (app.config.NODE_ENV !== 'production') registerDevPages(app);
};
// Like fastify-plugin: the decoration is visible to the modules registered after this one.
Object.assign(mailModule, { [Symbol.for('skip-override')]: true });
