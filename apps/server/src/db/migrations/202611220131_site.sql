-- Enterprise contact requests from the public site, kept so none is lost when mail fails.
create table enterprise_requests (
  id text primary key,
  name text not null,
  email text not null,
  phone text,
  company text not null,
  team_size integer check (team_size is null or team_size > 0),
  message text,
  locale text not null check (locale in ('ru', 'en')),
  -- Host the form was sent from, so the reply can use that host's title and support contact.
  host text not null,
  privacy_consent_at timestamptz not null,
  personal_data_consent_at timestamptz not null,
  -- 'queued' once handed to the mail outbox; 'pending' while no mail module could take it.
  mail_status text not null default 'pending' check (mail_status in ('pending', 'queued')),
  created_at timestamptz not null default now()
);
create index enterprise_requests_created_idx on enterprise_requests (created_at desc);

-- Analytics steps, stored only for visitors who consented; no user id, address or IP is kept.
create table analytics_events (
  id text primary key,
  kind text not null check (kind in ('registration', 'profile', 'pair', 'team')),
  step text not null,
  visit_id text,
  variant text not null check (variant in ('default', 'love')),
  created_at timestamptz not null default now()
);
create index analytics_events_kind_idx on analytics_events (kind, created_at);
