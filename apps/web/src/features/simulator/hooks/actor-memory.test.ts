import { describe, expect, it } from 'vitest';
import type { Actor } from '@teamcast/engine';
import { canRedo, canUndo, currentActors, emptyMemory, redo, remember, undo } from './actor-memory.ts';

const list = (...ids: string[]): Actor[] =>
  ids.map((id) => ({
    id,
    firstName: id,
    lastName: '',
    events: [{ type: 'start', date: 0, value: 0, timestamp: 0 }],
    interactionType: [],
    interactionIntensive: [],
  }));
const ids = (actors: Actor[]) => actors.map((a) => a.id);

describe('undo memory of actor lists', () => {
  it('does not allow undo with only the opened list', () => {
    const memory = emptyMemory(list('a'));
    expect(canUndo(memory)).toBe(false);
    expect(undo(memory)).toBe(memory);
  });

  it('keeps only the last 2 lists and undo restores the earlier of them', () => {
    let memory = emptyMemory(list('a'));
    memory = remember(memory, list('a', 'b'));
    memory = remember(memory, list('a', 'b', 'c'));
    expect(memory.lists).toHaveLength(2);
    expect(canUndo(memory)).toBe(true);
    memory = undo(memory);
    expect(ids(currentActors(memory))).toEqual(['a', 'b']);
    // One list left: a second undo is not allowed.
    expect(canUndo(memory)).toBe(false);
  });

  it('redo brings back the list undo replaced, and a new change forgets it', () => {
    let memory = remember(emptyMemory(list('a')), list('a', 'b'));
    memory = undo(memory);
    expect(canRedo(memory)).toBe(true);
    const redone = redo(memory);
    expect(ids(currentActors(redone))).toEqual(['a', 'b']);
    expect(canUndo(redone)).toBe(true);
    expect(canRedo(redone)).toBe(false);
    expect(canRedo(remember(memory, list('x')))).toBe(false);
  });
});
