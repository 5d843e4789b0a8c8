-- Rate-limit counters in the database, so every server process counts the same tries (they were per process).
create table rate_limit_hits (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
create index rate_limit_hits_reset_idx on rate_limit_hits (reset_at);
