-- Teams stored in proportion to their people (issue 30).
--
-- 1. scene_members: which profiles each scene holds, by owner, so "teams using this profile" is an indexed lookup
--    within one owner instead of a scan of every owner's actors. A trigger keeps it in step with scenes.actors in the
--    same transaction as every scene write (whoever writes the row); a deleted scene takes its members with it.
create table scene_members (
  scene_id text not null references scenes (id) on delete cascade,
  owner_id text not null references owners (id) on delete cascade,
  profile_id text not null,
  primary key (scene_id, profile_id)
);
create index scene_members_owner_profile_idx on scene_members (owner_id, profile_id);

create function scene_members_sync() returns trigger language plpgsql as $$
begin
  delete from scene_members where scene_id = new.id;
  insert into scene_members (scene_id, owner_id, profile_id)
    select distinct new.id, new.owner_id, a.value->>'id' from jsonb_array_elements(new.actors) a where a.value->>'id' is not null;
  return null;
end
$$;
create trigger scenes_members_sync after insert or update of actors on scenes for each row execute function scene_members_sync();

-- 2. The sparse form (contracts scene-interactions.ts): an interaction entry that only states the pair's default
--    (office, 5 hours a week, on the later of the two members' first event days, the pair's only entry up to that day)
--    is dropped; the full mesh is derived where the engine needs it. The same rule as sparseInteractions, in SQL.
create function scene_sparse_actors(actors jsonb) returns jsonb language sql immutable as $$
  with actor as (
    select a.value as body, a.ord, a.value->>'id' as id,
      (select min((e.value->>'date')::int) from jsonb_array_elements(coalesce(a.value->'events', '[]'::jsonb)) e) as first_day
    from jsonb_array_elements(actors) with ordinality a(value, ord)
  ),
  entry as (
    select ac.ord, l.list, l.dflt, i.ord as iord, i.value as item, (i.value->>'date')::int as day, (i.value->>'value')::numeric as val,
      greatest(ac.first_day, p.first_day) as default_day, least(ac.ord, p.ord) as lo, greatest(ac.ord, p.ord) as hi,
      coalesce(p.ord <> ac.ord, false) as paired
    from actor ac
    cross join (values ('interactionType', 0::numeric), ('interactionIntensive', 5::numeric)) l(list, dflt)
    cross join lateral jsonb_array_elements(coalesce(ac.body->l.list, '[]'::jsonb)) with ordinality i(value, ord)
    left join actor p on p.id = i.value->>'actorId'
  ),
  marked as (
    select e.*, count(*) filter (where e.paired and e.day <= e.default_day) over (partition by e.list, e.lo, e.hi) as up_to_default
    from entry e
  ),
  kept as (
    select * from marked m where not coalesce(m.paired and m.day = m.default_day and m.val = m.dflt and m.up_to_default = 1, false)
  )
  select coalesce(jsonb_agg(
    ac.body || jsonb_build_object(
      'interactionType', coalesce((select jsonb_agg(k.item order by k.iord) from kept k where k.ord = ac.ord and k.list = 'interactionType'), '[]'::jsonb),
      'interactionIntensive', coalesce((select jsonb_agg(k.item order by k.iord) from kept k where k.ord = ac.ord and k.list = 'interactionIntensive'), '[]'::jsonb))
    order by ac.ord), '[]'::jsonb)
  from actor ac
$$;
-- Every row is rewritten once: its actors in the sparse form, and (through the trigger) its members listed.
update scenes set actors = scene_sparse_actors(actors);
drop function scene_sparse_actors(jsonb);
