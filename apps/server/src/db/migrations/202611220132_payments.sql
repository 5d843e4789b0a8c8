-- Subscriptions and payments. Money is an integer in minor units (kopecks, cents). With the built-in test provider
-- these tables are the provider's whole state; with Stripe they mirror Stripe's objects (kept in step by webhooks).

-- One billing customer per owner: which provider, the provider's customer id, the default card, the currency.
create table payment_customers (
  owner_id text primary key references owners(id) on delete cascade,
  provider text not null check (provider in ('builtin', 'stripe')),
  provider_customer_id text,
  currency text check (currency in ('RUB', 'USD')),
  default_payment_method_id text,
  -- The free 3-day demo is taken once per owner.
  demo_used_at timestamptz,
  created_at timestamptz not null default now()
);

-- Cards. Only the brand, the last four digits and the expiry are kept; never the number or the CVC.
create table payment_methods (
  id text primary key,
  owner_id text not null references owners(id) on delete cascade,
  provider text not null check (provider in ('builtin', 'stripe')),
  provider_method_id text,
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  created_at timestamptz not null default now()
);
create index payment_methods_owner_idx on payment_methods (owner_id);

-- The owner's subscription (one row per owner, reused when they subscribe again).
create table subscriptions (
  id text primary key,
  owner_id text not null references owners(id) on delete cascade,
  provider text not null check (provider in ('builtin', 'stripe')),
  provider_subscription_id text,
  plan text not null,
  -- A plan change booked for the next renewal.
  pending_plan text,
  status text not null check (status in ('active', 'past_due', 'incomplete', 'canceled')),
  currency text not null check (currency in ('RUB', 'USD')),
  amount integer not null check (amount >= 0),
  started_at timestamptz not null,
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  cancel_at_period_end boolean not null default false,
  canceled_at timestamptz,
  latest_invoice_id text,
  -- Creation time of the last provider event applied, so an older event never overwrites a newer state.
  provider_synced_at timestamptz,
  updated_at timestamptz not null default now()
);
create unique index subscriptions_owner_idx on subscriptions (owner_id);
create unique index subscriptions_provider_idx on subscriptions (provider_subscription_id);
create index subscriptions_period_end_idx on subscriptions (status, current_period_end);

-- Invoices: subscription charges (create, cycle, update) and one-off love unlocks.
create table invoices (
  id text primary key,
  seq bigint generated always as identity,
  owner_id text not null references owners(id) on delete cascade,
  subscription_id text,
  provider text not null check (provider in ('builtin', 'stripe')),
  provider_invoice_id text,
  provider_intent_id text,
  kind text not null check (kind in ('subscription', 'pair_unlock')),
  reason text not null check (reason in ('subscription_create', 'subscription_cycle', 'subscription_update', 'pair_unlock')),
  plan text,
  amount integer not null check (amount >= 0),
  currency text not null check (currency in ('RUB', 'USD')),
  status text not null check (status in ('open', 'paid', 'void')),
  failure text check (failure in ('card_declined', 'insufficient_funds', 'payment_incomplete', 'payment_failed')),
  client_secret text,
  payment_method_id text,
  attempt_count integer not null default 0,
  period_start timestamptz,
  period_end timestamptz,
  created_at timestamptz not null,
  paid_at timestamptz
);
create index invoices_owner_idx on invoices (owner_id, seq desc);
create unique index invoices_provider_idx on invoices (provider_invoice_id);
create unique index invoices_intent_idx on invoices (provider_intent_id);
-- A renewal is charged once per period, however many processes look at the subscription.
create unique index invoices_cycle_idx on invoices (subscription_id, period_start) where reason = 'subscription_cycle';

-- One-off unlock of the full love report, per owner and unordered pair of profiles (stored as low id, high id).
create table pair_unlocks (
  owner_id text not null references owners(id) on delete cascade,
  profile_low text not null,
  profile_high text not null,
  status text not null check (status in ('paid', 'incomplete', 'unpaid')),
  invoice_id text,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  primary key (owner_id, profile_low, profile_high),
  check (profile_low < profile_high)
);

-- Outcomes of money-moving calls by idempotency key, so a retry returns the first outcome and never charges twice.
create table idempotency_keys (
  owner_id text not null references owners(id) on delete cascade,
  key text not null,
  operation text not null,
  fingerprint text not null,
  result jsonb,
  error_code text,
  created_at timestamptz not null default now(),
  primary key (owner_id, key)
);

-- Provider webhook events already processed (each event id once).
create table payment_events (
  id text primary key,
  provider text not null,
  type text not null,
  created_at timestamptz not null,
  received_at timestamptz not null default now()
);

-- The built-in provider's clock: real time plus an offset tests move to reach a period end.
create table payment_test_clock (
  id integer primary key check (id = 1),
  offset_ms bigint not null default 0
);
insert into payment_test_clock (id, offset_ms) values (1, 0);
