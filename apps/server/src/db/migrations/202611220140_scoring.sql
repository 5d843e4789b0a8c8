-- Scoring: trained models, estimators' assignments and ratings, administrators' final scores, score explanations.
create table scoring_models (
  id text primary key,
  family text not null,
  -- The feature layout the model reads (versioned by a hash of the layout) and the training options.
  feature_version text not null,
  feature_spec jsonb not null,
  options jsonb not null,
  status text not null default 'training' check (status in ('training', 'trained', 'failed')),
  -- Training progress 0..1 and the latest training loss.
  progress double precision not null default 0 check (progress between 0 and 1),
  loss double precision,
  error text,
  -- Weights, hidden size and the reference input of explanations; written when training ends.
  parameters jsonb,
  -- Held-out MAE and R² per output for the model and for the prior on the same test set.
  metrics jsonb,
  -- Grade outcomes by gender and age band for the model and the prior.
  fairness jsonb,
  profiles_count integer not null default 0,
  estimators_count integer not null default 0,
  train_count integer not null default 0,
  test_count integer not null default 0,
  artifact_key text,
  artifact_sha256 text,
  is_current boolean not null default false,
  created_by text,
  created_at timestamptz not null default now(),
  trained_at timestamptz,
  uploaded_at timestamptz,
  published_at timestamptz
);
create unique index scoring_models_current_idx on scoring_models (is_current) where is_current;
create index scoring_models_created_idx on scoring_models (created_at desc);

-- A profile handed to an estimator, with his ratings, note and skip status.
create table profile_estimates (
  estimator_id text not null references estimators (id) on delete cascade,
  profile_id text not null references profiles (id) on delete cascade,
  assigned_at timestamptz not null default now(),
  viewed_at timestamptz,
  -- Main estimate: the overall level 0-100.
  score double precision check (score between 0 and 100),
  rated_at timestamptz,
  -- Precise estimate: K, P, L 0-100.
  competencies double precision check (competencies between 0 and 100),
  professionalism double precision check (professionalism between 0 and 100),
  maturity double precision check (maturity between 0 and 100),
  precise_rated_at timestamptz,
  skip_status text check (skip_status in ('normal', 'suspicious')),
  note text not null default '',
  note_updated_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (estimator_id, profile_id)
);
create index profile_estimates_profile_idx on profile_estimates (profile_id);

-- The administrator's final scores, which override the estimators' in training labels.
create table profile_final_scores (
  profile_id text primary key references profiles (id) on delete cascade,
  score double precision check (score between 0 and 100),
  competencies double precision check (competencies between 0 and 100),
  professionalism double precision check (professionalism between 0 and 100),
  maturity double precision check (maturity between 0 and 100),
  administrator_id text,
  updated_at timestamptz not null default now()
);

-- Why a profile got its scores: the answers that moved each output most, from the prior or the model that scored it.
create table profile_explanations (
  profile_id text primary key references profiles (id) on delete cascade,
  model_id text,
  explanation jsonb not null,
  scored_at timestamptz not null default now()
);
