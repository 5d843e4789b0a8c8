-- Sign-in sessions of every role. A token is valid only while its session is neither revoked nor expired.
create table sessions (
  id text primary key,
  role text not null check (role in ('owner', 'estimator', 'administrator')),
  subject_id text not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_subject_idx on sessions (role, subject_id);
