-- The administrators' changes (issue 11): who, what, when, and the object before and after. Rows are never updated.
create table admin_audit_log (
  id text primary key,
  administrator_id text not null,
  administrator_email text,
  action text not null,
  entity text not null,
  entity_id text not null,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index admin_audit_log_created_idx on admin_audit_log (created_at);
create index admin_audit_log_entity_idx on admin_audit_log (entity, entity_id, created_at);
