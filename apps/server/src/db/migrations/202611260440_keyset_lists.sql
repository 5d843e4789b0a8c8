-- Issue 30: the administrator's profile list, the audit log and the estimator's profile list page by cursor (keyset)
-- in (timestamp, id) order; these indexes give that order, so a deep page reads no more rows than the first.
create index profiles_created_id_idx on profiles (created_at, id);
create index profiles_updated_id_idx on profiles (updated_at, id);
create index admin_audit_log_created_id_idx on admin_audit_log (created_at, id);
