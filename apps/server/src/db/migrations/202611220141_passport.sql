-- Links mailed for sign-in, password reset and e-mail verification. Only a SHA-256 of the token is stored;
-- a link is used once (used_at) and lives 15 minutes (magic, reset) or 48 hours (verify).
create table link_tokens (
  id text primary key,
  token_hash text not null,
  kind text not null check (kind in ('magic', 'reset', 'verify')),
  role text not null check (role in ('owner', 'estimator', 'administrator')),
  subject_id text not null,
  surface text not null default 'desktop' check (surface in ('desktop', 'ownerMobile', 'loveMobile')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create unique index link_tokens_hash_idx on link_tokens (token_hash);
create index link_tokens_subject_idx on link_tokens (role, subject_id);

-- What is left of a deleted account: a keyed hash of its e-mail, so a later sign-in can answer
-- 'this user has been deleted' without keeping the address itself.
create table deleted_accounts (
  email_hash text primary key,
  role text not null check (role in ('owner', 'estimator', 'administrator')),
  deleted_at timestamptz not null default now()
);

-- Random keys the server generates once and keeps with the data they protect (e.g. the tombstone hash key).
create table server_keys (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
