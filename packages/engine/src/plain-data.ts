import { EngineError } from './errors.ts';

/**
 * Throws class_instance_forbidden unless `value` is plain JSON-like data (objects with the Object or null
 * prototype, arrays, strings, finite numbers, booleans, null). Keeps the engine's input safe to send
 * between worker threads and to hash.
 */
export function assertPlainData(value: unknown, path = 'input'): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new EngineError('invalid_input', `${path} is not a finite number`);
    return;
  }
  if (typeof value !== 'object') throw new EngineError('class_instance_forbidden', `${path} is a ${typeof value}`);
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertPlainData(item, `${path}[${i}]`));
    return;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new EngineError('class_instance_forbidden', `${path} is a class instance`);
  }
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) assertPlainData(item, `${path}.${key}`);
  }
}
