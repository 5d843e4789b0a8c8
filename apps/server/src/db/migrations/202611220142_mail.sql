-- Every outgoing message goes through this outbox. Without SMTP_URL it stays here (shown at /dev/mail outside
-- production); with SMTP_URL it is sent, retried with back-off on failure, and its bodies are cleared once sent.
create table mail_outbox (
  id text primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  kind text not null,
  locale text not null check (locale in ('ru', 'en')),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text
);
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null;
create index mail_outbox_to_idx on mail_outbox (to_address, created_at);
