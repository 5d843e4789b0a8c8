-- Issue 23: a profile is read with the count of pair evaluations that name it (in a slot or as the manager) in the
-- same statement; with the manager indexed too, the count is a bitmap of three index lookups instead of a scan of
-- every owner's pair requests.
create index pair_requests_manager_idx on pair_requests (manager_id);
