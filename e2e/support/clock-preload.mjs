/**
 * Loaded into the app server of the monitor journey only (`node --import <this file>`, started by clock.ts; plain
 * JavaScript, so neither the server nor its worker threads load a TypeScript loader): the process's clock is real time
 * plus an offset in milliseconds that the journey writes to the file named by E2E_CLOCK_FILE. `Date.now()` and `new Date()` read it; timers and `performance.now()` keep real time, so nothing
 * waits longer. The file is read again only when it changes (its inode, time or size), so the clock costs one `stat`.
 * This file lives in e2e/ and nothing in the product loads it: a running server has no way to move its clock.
 */
import fs from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
let seen = { key: '', offset: 0 };

/** The offset the journey last wrote, in ms (0 before it writes one). */
function offset() {
  const stat = file ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
  if (!stat) return 0;
  const key = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
  if (key !== seen.key) seen = { key, offset: Number(fs.readFileSync(file, 'utf8')) || 0 };
  return seen.offset;
}

const now = () => realNow() + offset();

// A proxy rather than a subclass: `Date()` called without `new` still answers a string, `instanceof Date` and
// Date.prototype stay the real ones, and every static but `now` (parse, UTC) is the real one.
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
  apply: () => new RealDate(now()).toString(),
  get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
});
