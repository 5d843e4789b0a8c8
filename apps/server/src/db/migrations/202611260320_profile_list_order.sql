-- Issue 30: the owner's profile list reads a page in index order (keyset paging by created_at or updated_at, then id),
-- over the profiles that are not deleted, instead of sorting all of the owner's rows.
create index profiles_owner_created_idx on profiles (owner_id, created_at, id) where state <> all (array['deleted', 'delete_keep']);
create index profiles_owner_updated_idx on profiles (owner_id, updated_at, id) where state <> all (array['deleted', 'delete_keep']);
