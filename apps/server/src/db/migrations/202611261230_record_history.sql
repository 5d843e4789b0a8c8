-- Issue 23: a run is recorded in its owner's dashboard history in one statement, instead of a transaction of six
-- (begin, lock, delete, insert, trim, count, commit) sent one after another from the server on every pair forecast and
-- team check. The rules are the ones history.service.ts names (one entry per object, for a pair one per two people,
-- one team entry, newest first, at most `keep`, every run counted); this function is the one place they are applied.
-- Each statement inside sees what the one before it wrote, and the owner's advisory lock is held until the calling
-- statement ends, so two runs of one owner still take turns.
create function dashboard_history_record(
  owner text,
  entry_type text,
  entry_ref text,
  entry_title text,
  entry_actors jsonb,
  entry_scenes jsonb,
  recorded_at timestamptz,
  keep integer
) returns void language plpgsql as $$
declare
  pair_people jsonb;
begin
  perform pg_advisory_xact_lock(hashtextextended('history:' || owner, 0));
  if entry_type = 'pair' and jsonb_array_length(entry_actors) = 2 then
    select jsonb_agg(a->>'id' order by a->>'id') into pair_people from jsonb_array_elements(entry_actors) a;
  end if;
  -- What the new entry replaces: the entry of the same object; for a team, every team entry; for a pair, the entries
  -- of the same two people in either order.
  delete from dashboard_history h
  where h.owner_id = owner
    and ((h.type = entry_type and h.ref_id = entry_ref)
      or (entry_type = 'team' and h.type = 'team')
      or (pair_people is not null and h.type = 'pair'
        and (select coalesce(jsonb_agg(a->>'id' order by a->>'id'), '[]'::jsonb) from jsonb_array_elements(h.actors) a) = pair_people));
  -- The newest: at the given time, or 1 ms after the newest stored entry when that is not earlier.
  insert into dashboard_history (owner_id, type, ref_id, title, actors, scenes, at)
  values (owner, entry_type, entry_ref, entry_title, entry_actors, entry_scenes,
    greatest(recorded_at, (select max(h.at) + interval '1 millisecond' from dashboard_history h where h.owner_id = owner)));
  delete from dashboard_history h
  where h.owner_id = owner
    and (h.type, h.ref_id) in (select o.type, o.ref_id from dashboard_history o where o.owner_id = owner order by o.at desc offset keep);
  if entry_type in ('pair', 'team') then
    insert into dashboard_counters (owner_id, p2p, team)
    values (owner, case when entry_type = 'pair' then 1 else 0 end, case when entry_type = 'team' then 1 else 0 end)
    on conflict (owner_id) do update
      set p2p = dashboard_counters.p2p + excluded.p2p, team = dashboard_counters.team + excluded.team;
  end if;
end
$$;
