import type { Actor, ActorEvent, EventType, Interaction } from '../types.ts';

/** Event shorthand: type, day, timestamp (defaults to the day, so same-day events keep their written order). */
export function ev(type: EventType, date: number, timestamp = date * 1000): ActorEvent {
  return { type, date, value: 0, timestamp };
}

export function actor(id: string, events: ActorEvent[], interactions: { intensive?: Interaction[]; type?: Interaction[] } = {}): Actor {
  return {
    id,
    firstName: id,
    lastName: 'Test',
    events,
    interactionType: interactions.type ?? [],
    interactionIntensive: interactions.intensive ?? [],
  };
}
