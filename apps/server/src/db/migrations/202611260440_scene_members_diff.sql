-- An edit changes what changed (issue 30): the scene_members trigger of 202611260310 deleted and re-inserted every
-- member of a scene on each write of its actors. It now runs only when the actors changed, deletes the members no
-- longer listed and inserts only the new ones; the members that stay are not written.
create or replace function scene_members_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.actors is not distinct from new.actors then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    delete from scene_members m
      where m.scene_id = new.id
        and m.profile_id not in (select a.value->>'id' from jsonb_array_elements(new.actors) a where a.value->>'id' is not null);
  end if;
  insert into scene_members (scene_id, owner_id, profile_id)
    select distinct new.id, new.owner_id, a.value->>'id' from jsonb_array_elements(new.actors) a where a.value->>'id' is not null
    on conflict (scene_id, profile_id) do nothing;
  return null;
end
$$;
