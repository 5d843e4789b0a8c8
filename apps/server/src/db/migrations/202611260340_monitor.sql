-- The director's monitor (issue 22): a team's or pair's forecast band, taken when monitoring starts, held against the
-- monthly check-ins of its members; outcomes the owner enters by hand; the alerts already mailed.

create table monitors (
  id text primary key,
  owner_id text not null references owners(id) on delete cascade,
  kind text not null check (kind in ('team', 'pair')),
  -- The scene or pair request watched; kept after it is deleted, so the record of what was forecast stays.
  subject_id text not null,
  title text not null,
  -- { months: ['YYYY-MM', …], forecast: [], p10: [], p90: [] }: the monthly band on the -100…100 scale.
  forecast jsonb not null,
  is_demo boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index monitors_subject_idx on monitors (owner_id, kind, subject_id);

create table monitor_members (
  id text primary key,
  monitor_id text not null references monitors(id) on delete cascade,
  profile_id text not null references profiles(id) on delete cascade,
  name text not null,
  email text,
  locale text not null check (locale in ('ru', 'en')),
  -- SHA-256 of the latest check-in link; null before one is issued.
  token_hash text,
  link_expires_at timestamptz,
  left_on date
);
create index monitor_members_monitor_idx on monitor_members (monitor_id);
create unique index monitor_members_token_idx on monitor_members (token_hash);

-- One answer per member and calendar month: ratings of each teammate and own satisfaction, choices 1…5.
create table monitor_check_ins (
  id text primary key,
  monitor_id text not null references monitors(id) on delete cascade,
  member_id text not null references monitor_members(id) on delete cascade,
  month text not null,
  ratings jsonb not null,
  satisfaction integer not null check (satisfaction between 1 and 5),
  word text,
  created_at timestamptz not null default now()
);
create unique index monitor_check_ins_month_idx on monitor_check_ins (member_id, month);
create index monitor_check_ins_monitor_idx on monitor_check_ins (monitor_id, month);

create table monitor_outcomes (
  id text primary key,
  monitor_id text not null references monitors(id) on delete cascade,
  kind text not null check (kind in ('pair_ended', 'person_left')),
  member_id text references monitor_members(id) on delete cascade,
  day date not null,
  note text,
  created_at timestamptz not null default now()
);
create index monitor_outcomes_monitor_idx on monitor_outcomes (monitor_id);

-- A month whose alert went out: the alert is mailed once per month and monitor.
create table monitor_alerts (
  monitor_id text not null references monitors(id) on delete cascade,
  month text not null,
  created_at timestamptz not null default now(),
  primary key (monitor_id, month)
);
