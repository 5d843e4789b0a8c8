/**
 * Bodies already parsed and checked against their route's schema off the main thread (a large team, modules/scenes/
 * scene-work.ts): the validator passes them through instead of checking them again on the event loop. Only the
 * server's own parser adds to the set; a client cannot.
 */
const validated = new WeakSet<object>();

export function markValidated<T extends object>(value: T): T {
  validated.add(value);
  return value;
}

export const isValidated = (value: unknown): boolean => typeof value === 'object' && value !== null && validated.has(value);
