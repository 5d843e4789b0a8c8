-- The three kinds of users. Emails are stored lower-cased by the contracts' schemas.
create table owners (
  id text primary key,
  email text not null,
  password_hash text,
  company_name text,
  -- 'work' owners use the desktop and owner-mobile apps; 'love' owners signed up through the love variant.
  variant text not null default 'work' check (variant in ('work', 'love')),
  status text not null default 'active' check (status in ('active', 'deleted')),
  locale text check (locale in ('ru', 'en')),
  main_profile_id text,
  verified_at timestamptz,
  created_at timestamptz not null default now(),
  last_visit_at timestamptz,
  deleted_at timestamptz
);
create unique index owners_email_idx on owners (email);

create table estimators (
  id text primary key,
  email text not null,
  username text not null,
  name text not null,
  information text,
  password_hash text,
  locale text check (locale in ('ru', 'en')),
  status text not null default 'active' check (status in ('active', 'deleted')),
  -- How many profiles the next assignment hands out.
  next_profile_batch integer not null default 10 check (next_profile_batch between 1 and 500),
  created_at timestamptz not null default now(),
  last_visit_at timestamptz,
  deleted_at timestamptz
);
create unique index estimators_email_idx on estimators (email);
create unique index estimators_username_idx on estimators (username);

create table administrators (
  id text primary key,
  email text not null,
  name text,
  password_hash text not null,
  locale text check (locale in ('ru', 'en')),
  created_at timestamptz not null default now(),
  last_visit_at timestamptz
);
create unique index administrators_email_idx on administrators (email);
