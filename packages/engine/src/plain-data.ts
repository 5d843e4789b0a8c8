import { EngineError } from './errors.ts';

/** Path of a value for error details, built only when an error is thrown. */
type Where = { parent: Where | null; key: string };

function pathOf(where: Where): string {
  return where.parent ? `${pathOf(where.parent)}.${where.key}` : where.key;
}

function check(value: unknown, where: Where): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new EngineError('invalid_input', `${pathOf(where)} is not a finite number`);
    return;
  }
  if (typeof value !== 'object') throw new EngineError('class_instance_forbidden', `${pathOf(where)} is a ${typeof value}`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) check(value[i], { parent: where, key: String(i) });
    return;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new EngineError('class_instance_forbidden', `${pathOf(where)} is a class instance`);
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (item !== undefined) check(item, { parent: where, key });
  }
}

/**
 * Throws class_instance_forbidden unless `value` is plain JSON-like data (objects with the Object or null
 * prototype, arrays, strings, finite numbers, booleans, null). Keeps the engine's input safe to send
 * between worker threads and to hash.
 */
export function assertPlainData(value: unknown, path = 'input'): void {
  check(value, { parent: null, key: path });
}
