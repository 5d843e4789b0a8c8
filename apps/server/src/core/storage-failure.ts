import fs from 'node:fs';
import path from 'node:path';

/**
 * Errors that mean the disk cannot take writes: full, read-only, or not ours to write. Node reports them by errno;
 * PostgreSQL (and the embedded PGlite) by SQLSTATE: 53100 disk_full, 53000 insufficient_resources, 58030 io_error,
 * and 42501 when a data file cannot be opened for writing (errcode_for_file_access maps EACCES and EROFS to it).
 */
const ERRNO_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM']);
const SQLSTATE_CODES = new Set(['53100', '53000', '58030']);
const MESSAGES = /No space left on device|Read-only file system|Disk quota exceeded/i;

function isStorageFailureItself(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  if (typeof code === 'string' && (ERRNO_CODES.has(code) || SQLSTATE_CODES.has(code))) return true;
  if (code === '42501' && /could not (open|create|write|extend)/i.test(message)) return true;
  return MESSAGES.test(message);
}

/** Whether an error, or what it wraps (Drizzle wraps the driver's error in `cause`), says the disk takes no writes. */
export function isStorageFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (isStorageFailureItself(current)) return true;
  }
  return false;
}

/** How long a storage failure keeps health at `degraded` after it was seen, in milliseconds. */
export const STORAGE_FAILURE_WINDOW_MS = 60_000;

/** Remembers when a write last failed for lack of disk, so health can say so. */
export function createStorageFailures(now: () => number = Date.now) {
  let lastFailureAt: number | undefined;
  return {
    record(): void {
      lastFailureAt = now();
    },
    recent(): boolean {
      return lastFailureAt !== undefined && now() - lastFailureAt < STORAGE_FAILURE_WINDOW_MS;
    },
  };
}
export type StorageFailures = ReturnType<typeof createStorageFailures>;

/** The data directory cannot be created or written: start-up stops with this one line. */
export class DataDirUnwritableError extends Error {}

/**
 * Proves the data directory takes a write (creating it when missing): a small file is written, flushed and removed.
 * Throws DataDirUnwritableError naming the directory and the reason, instead of a raw errno stack.
 */
export function assertDataDirWritable(dir: string): void {
  const probe = path.join(dir, `.write-probe-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const fd = fs.openSync(probe, 'w');
    try {
      fs.writeSync(fd, 'ok');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    const reason =
      code === 'ENOSPC' || code === 'EDQUOT'
        ? 'the disk is full'
        : code === 'EROFS'
          ? 'the file system is read-only'
          : code === 'EACCES' || code === 'EPERM'
            ? 'this user may not write there'
            : code === 'ENOTDIR' || code === 'EEXIST'
              ? 'a part of the path is a file, not a directory'
              : `the system answered ${code}`;
    throw new DataDirUnwritableError(
      `The data directory ${dir} cannot be written: ${reason} (${code}). Free space, fix its permissions, or set DATA_DIR to a writable directory.`,
    );
  }
}

/** Whether the data directory takes a write right now (health's probe); never throws. */
export function dataDirWritable(dir: string): boolean {
  try {
    assertDataDirWritable(dir);
    return true;
  } catch {
    return false;
  }
}
