-- Second factor (TOTP, RFC 6238) of administrators (mandatory) and owners (optional). The secret is kept sealed
-- (AES-256-GCM under a key derived from the token-signing secret) and is never sent again after enrolment;
-- last_step is the last 30-second step whose code was accepted, so a code works once. A row with enabled_at null
-- is an enrolment not yet confirmed with a code.
create table second_factors (
  role text not null check (role in ('owner', 'estimator', 'administrator')),
  subject_id text not null,
  sealed_secret text not null,
  last_step bigint,
  enabled_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (role, subject_id)
);

-- Ten single-use recovery codes per enabled second factor; only a SHA-256 of each is stored.
create table recovery_codes (
  role text not null check (role in ('owner', 'estimator', 'administrator')),
  subject_id text not null,
  code_hash text not null,
  used_at timestamptz,
  primary key (role, subject_id, code_hash)
);

-- The second step of a sign-in: a short-lived, single-use token that is not a session. Only its SHA-256 is stored.
-- kind 'code' asks for a code or a recovery code; 'enrol' sets a second factor up first (administrators).
create table sign_in_challenges (
  token_hash text primary key,
  role text not null check (role in ('owner', 'estimator', 'administrator')),
  subject_id text not null,
  kind text not null check (kind in ('code', 'enrol')),
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index sign_in_challenges_expires_idx on sign_in_challenges (expires_at);
