-- Each recomputed forecast of a monitored team or pair (a change: a finished team run, a pair run), with the months its
-- forecast puts in the bad band or below. The next change is compared with the latest one; `alerted` marks the change
-- whose drop into the bad band was mailed. One row per change, so the same change never alerts twice.
create table monitor_forecast_changes (
  monitor_id text not null references monitors(id) on delete cascade,
  change_id text not null,
  bad_months jsonb not null,
  alerted boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (monitor_id, change_id)
);
create index monitor_forecast_changes_latest_idx on monitor_forecast_changes (monitor_id, created_at);
