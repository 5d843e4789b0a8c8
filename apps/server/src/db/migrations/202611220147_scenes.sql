-- Team scenes (spec section 3). Actors are kept as the normalised JSON list; each actor id is a profile id of the
-- same owner, joined at computation time (a deleted profile makes the team 'changed' until the owner confirms).
create table scenes (
  id text primary key,
  owner_id text not null references owners(id) on delete cascade,
  -- team: counted against the plan's team cap; sandbox: one scratch scene per owner, not counted.
  kind text not null default 'team' check (kind in ('team', 'sandbox')),
  title text not null,
  start_day date not null,
  summon_day integer not null default 0,
  lifespan integer not null default 1 check (lifespan in (1, 2)),
  actors jsonb not null default '[]',
  settings jsonb not null default '{}',
  p2p_requests jsonb not null default '[]',
  status text not null default 'ok' check (status in ('ok', 'broken')),
  -- Cached from the dataset of the run in result_job_id, while that run is fresh (started after updated_at).
  result_job_id text,
  summary jsonb,
  compare_indicators jsonb,
  -- Last change of anything the computation reads (actors, start day, lifespan): older runs are stale.
  input_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index scenes_owner_idx on scenes (owner_id, kind, created_at desc);
create unique index scenes_one_sandbox_idx on scenes (owner_id) where kind = 'sandbox';

-- Download links of computed datasets: only a hash of the random token is stored; links expire.
create table scene_snapshots (
  token_hash text primary key,
  owner_id text not null references owners(id) on delete cascade,
  job_id text not null references compute_jobs(id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index scene_snapshots_expiry_idx on scene_snapshots (expires_at);

-- Team comparisons (compare request): the scenes compared, in slot order.
create table scene_compares (
  id text primary key,
  owner_id text not null references owners(id) on delete cascade,
  scene_ids jsonb not null,
  created_at timestamptz not null default now()
);
create index scene_compares_owner_idx on scene_compares (owner_id, created_at desc);
