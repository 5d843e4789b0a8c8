-- Background computations (scene forecasts). A job is claimed with FOR UPDATE SKIP LOCKED, so with several server
-- processes each job runs once; a job whose lock is not renewed (its process died) is claimed again.
create table compute_jobs (
  id text primary key,
  owner_id text not null references owners(id) on delete cascade,
  kind text not null check (kind in ('scene')),
  subject_id text not null,
  input jsonb not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  -- start 0, init 1, units 2, render 3, transfer 4, done 5; only ever raised.
  phase integer not null default 0 check (phase between 0 and 5),
  attempts integer not null default 0,
  locked_by text,
  locked_at timestamptz,
  result_key text,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index compute_jobs_claim_idx on compute_jobs (status, created_at);
create index compute_jobs_subject_idx on compute_jobs (owner_id, subject_id, created_at desc);

-- Stored files (computed datasets) when the database is a shared PostgreSQL server.
create table stored_blobs (
  key text primary key,
  data bytea not null,
  created_at timestamptz not null default now()
);
