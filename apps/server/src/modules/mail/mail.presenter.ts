import type { AdminMail, AdminMailDetail } from '@teamcast/contracts';
import { MAX_ATTEMPTS, type OutboxRow } from './mail.repository.ts';

function statusOf(row: OutboxRow): AdminMail['status'] {
  if (row.sentAt) return 'sent';
  if (row.attempts >= MAX_ATTEMPTS) return 'failed';
  return row.attempts > 0 ? 'retrying' : 'kept';
}

/** An outbox row as the console's list shows it: no bodies. */
export function presentMail(row: OutboxRow): AdminMail {
  return {
    _id: row.id,
    to: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    locale: row.locale,
    status: statusOf(row),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** One message with its bodies and the first link of its text. */
export function presentMailDetail(row: OutboxRow): AdminMailDetail {
  return { ...presentMail(row), text: row.textBody, html: row.htmlBody, link: /https?:\/\/[^\s<>"]+/.exec(row.textBody)?.[0] ?? null };
}
