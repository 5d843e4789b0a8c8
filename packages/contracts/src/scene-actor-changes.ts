/**
 * A team edit as what changed (issue 30): the members put (changed or new) and removed, instead of the whole team.
 * `applyActorChanges(before, actorChangesOf(before, after)!)` is `after`, member for member.
 */

type Member = { id: string };
type Changes<A> = { put: A[]; remove: string[] };

/** The stored team with an edit applied: put members replace theirs in place, new ones are appended, removed ones go. */
export function applyActorChanges<A extends Member>(before: readonly A[], changes: Changes<A>): A[] {
  const put = new Map(changes.put.map((actor) => [actor.id, actor]));
  const removed = new Set(changes.remove);
  const kept = before.filter((actor) => !removed.has(actor.id)).map((actor) => put.get(actor.id) ?? actor);
  const present = new Set(before.map((actor) => actor.id));
  return [...kept, ...changes.put.filter((actor) => !present.has(actor.id) && !removed.has(actor.id))];
}

/**
 * The edit from `before` to `after` (members compared as JSON), or undefined when no such edit gives `after` (members
 * reordered, an id twice): the caller then sends the whole team.
 */
export function actorChangesOf<A extends Member>(before: readonly A[], after: readonly A[]): Changes<A> | undefined {
  const stored = new Map(before.map((actor) => [actor.id, JSON.stringify(actor)]));
  const ids = new Set(after.map((actor) => actor.id));
  if (ids.size !== after.length || stored.size !== before.length) return undefined;
  const changes: Changes<A> = {
    put: after.filter((actor) => stored.get(actor.id) !== JSON.stringify(actor)),
    remove: before.filter((actor) => !ids.has(actor.id)).map((actor) => actor.id),
  };
  const applied = applyActorChanges(before, changes);
  return applied.every((actor, index) => actor.id === after[index]?.id) && applied.length === after.length ? changes : undefined;
}
