-- Pair compatibility: the owner's pair requests with their latest stored forecast, shared love results, cached
-- narratives of the chat model, and the dashboard history with its run counters.

-- A pair request: two profile slots, the interaction settings and the latest run's full forecast.
create table pair_requests (
  id text primary key,
  owner_id text not null references owners(id) on delete cascade,
  -- Set when the request belongs to one of the owner's teams (POST /p2p/:sceneId).
  scene_id text,
  actor1_id text references profiles(id) on delete set null,
  actor2_id text references profiles(id) on delete set null,
  manager_id text references profiles(id) on delete set null,
  start_day date not null,
  -- 0 office, 1 remote.
  mode integer not null default 0 check (mode in (0, 1)),
  -- Hours per week, 0.5 to 10.
  intensity double precision not null default 5 check (intensity >= 0.5 and intensity <= 10),
  -- Kind of the latest run: work, LOVE or FRIEND; null before the first run.
  kind text check (kind in ('work', 'LOVE', 'FRIEND')),
  result jsonb,
  run_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index pair_requests_owner_idx on pair_requests (owner_id, updated_at desc);
create index pair_requests_actor1_idx on pair_requests (actor1_id);
create index pair_requests_actor2_idx on pair_requests (actor2_id);

-- A shared love result: an unguessable token and a frozen snapshot of only the parts the sharer chose.
create table shared_results (
  token text primary key,
  owner_id text not null references owners(id) on delete cascade,
  pair_id text not null references pair_requests(id) on delete cascade,
  parts jsonb not null,
  snapshot jsonb not null,
  created_at timestamptz not null default now()
);
create index shared_results_pair_idx on shared_results (pair_id);

-- Narratives written by the configured chat model, one per result run, kind, language and lock state.
create table chat_narratives (
  pair_id text not null references pair_requests(id) on delete cascade,
  cache_key text not null,
  paragraphs jsonb not null,
  created_at timestamptz not null default now(),
  primary key (pair_id, cache_key)
);

-- Dashboard history: newest first, at most 15 per owner, one entry per object, one team entry.
create table dashboard_history (
  owner_id text not null references owners(id) on delete cascade,
  type text not null check (type in ('pair', 'team', 'compare-teams')),
  ref_id text not null,
  title text not null,
  actors jsonb not null default '[]',
  scenes jsonb not null default '[]',
  at timestamptz not null default now(),
  primary key (owner_id, type, ref_id)
);
create index dashboard_history_owner_idx on dashboard_history (owner_id, at desc);

-- Runs counted per owner.
create table dashboard_counters (
  owner_id text primary key references owners(id) on delete cascade,
  p2p integer not null default 0,
  team integer not null default 0
);
