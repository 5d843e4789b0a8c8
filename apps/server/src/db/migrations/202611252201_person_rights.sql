-- Issue 29 (docs/privacy.md): the people who are forecast have a say.
-- Proof of consent with the profile: the notice version, the language and the time, and who gave it (the person by
-- link, or the owner confirming that the person knows).
alter table profiles add column filled_by text check (filled_by in ('person', 'owner'));
alter table profiles add column consent_version text;
alter table profiles add column consent_locale text check (consent_locale in ('ru', 'en'));
alter table profiles add column consented_at timestamptz;
-- The private link to the person's own page: only its SHA-256 is stored.
alter table profiles add column person_token_hash text;
alter table profiles add column person_token_expires_at timestamptz;
create unique index profiles_person_token_idx on profiles (person_token_hash);
-- Withdrawal leaves an empty placeholder in the new state withdrawn.
alter table profiles add column withdrawn_at timestamptz;
alter table profiles drop constraint if exists profiles_state_check;
alter table profiles add constraint profiles_state_check check (state in ('ack_q', 'answered', 'ack_a', 'deleted', 'delete_keep', 'withdrawn'));
-- Retention: when the owner was warned that an unused profile will be deleted.
alter table profiles add column retention_warned_at timestamptz;
