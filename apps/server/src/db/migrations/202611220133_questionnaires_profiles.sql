-- Questionnaire definitions (steps with their questions as JSON, checked by the contracts' StepsSchema) and profiles.
create table questionnaires (
  id text primary key,
  name text not null,
  kind text not null check (kind in ('standard', 'short', 'love', 'couple')),
  status text not null default 'created' check (status in ('created', 'computed', 'inactive')),
  -- 'shipped' for the definitions seeded at start-up, 'administrator' for added ones.
  data_source text not null,
  steps jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  computed_at timestamptz
);
create index questionnaires_kind_idx on questionnaires (kind, status, created_at desc);

create table profiles (
  id text primary key,
  -- Null only for a profile an anonymous visitor filled (flame onboarding) until an owner attaches it.
  owner_id text references owners (id) on delete cascade,
  kind text not null check (kind in ('standard', 'short', 'love', 'couple')),
  questionnaire_id text references questionnaires (id) on delete set null,
  state text not null default 'ack_q' check (state in ('ack_q', 'answered', 'ack_a', 'deleted', 'delete_keep')),
  first_name text,
  last_name text,
  partner_first_name text,
  partner_last_name text,
  email text,
  phone text,
  position text,
  birth_date timestamptz,
  age integer,
  gender text check (gender in ('М', 'Ж')),
  avatar_name text,
  hide_details boolean not null default false,
  is_demo boolean not null default false,
  is_short boolean not null default false,
  -- Answers as [{ neuron, value }]; stored_neurons are the ones fixed by an earlier completion (short before upgrade).
  answers jsonb not null default '[]',
  stored_neurons jsonb not null default '[]',
  -- The share link: 128+ random bits, base64url; valid until link_expires_at.
  permalink text not null,
  link_expires_at timestamptz not null,
  link_requested_at timestamptz,
  -- Scores written by the scoring model: K, P, L on 0-100, grade, final scores.
  competencies double precision check (competencies between 0 and 100),
  professionalism double precision check (professionalism between 0 and 100),
  maturity double precision check (maturity between 0 and 100),
  grade text check (grade in ('JUNIOR', 'JUNIOR PLUS', 'MIDDLE', 'MIDDLE PLUS', 'SENIOR', 'SENIOR PLUS')),
  final_score double precision,
  final_score_precise double precision,
  scored_at timestamptz,
  model_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  deleted_at timestamptz
);
create unique index profiles_permalink_idx on profiles (permalink);
create index profiles_owner_idx on profiles (owner_id, state, created_at desc);
create index profiles_questionnaire_idx on profiles (questionnaire_id);
