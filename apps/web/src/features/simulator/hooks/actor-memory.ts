import type { Actor } from '@teamcast/engine';

/**
 * Undo memory (spec section 4): the last 2 actor lists, oldest first. Undo is allowed when 2 exist and restores the
 * earlier; the list undo left behind is kept as `redo` until the next change.
 */
export type ActorMemory = { lists: Actor[][]; redo: Actor[] | null };

export const emptyMemory = (current: Actor[]): ActorMemory => ({ lists: [current], redo: null });

/** Records a new actor list: only the last 2 are kept; a change forgets what undo left behind. */
export function remember(memory: ActorMemory, next: Actor[]): ActorMemory {
  return { lists: [...memory.lists, next].slice(-2), redo: null };
}

export const canUndo = (memory: ActorMemory): boolean => memory.lists.length === 2;
export const canRedo = (memory: ActorMemory): boolean => memory.redo !== null;

/** The current list. */
export const currentActors = (memory: ActorMemory): Actor[] => memory.lists[memory.lists.length - 1]!;

/** Restores the earlier of the 2 lists; nothing changes when there is only one. */
export function undo(memory: ActorMemory): ActorMemory {
  if (!canUndo(memory)) return memory;
  return { lists: [memory.lists[0]!], redo: memory.lists[1]! };
}

/** Brings back the list undo replaced. */
export function redo(memory: ActorMemory): ActorMemory {
  if (!memory.redo) return memory;
  return { lists: [...memory.lists, memory.redo].slice(-2), redo: null };
}
