import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db.ts';
import { deleteBlobs, findBlob, upsertBlob } from './storage.repository.ts';

/** Where computed files (datasets) are kept. Keys are opaque names of [A-Za-z0-9_-]. */
export type Storage = {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(keys: string[]): Promise<void>;
};

const KEY_PATTERN = /^[\w-]{1,128}$/;

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key ${key}`);
  return key;
}

/** Files under a folder: the default with the embedded database. Writes go to a temporary name first, then rename. */
export function createFileStorage(dir: string): Storage {
  return {
    async put(key, data) {
      await fs.mkdir(dir, { recursive: true });
      const target = path.join(dir, checkKey(key));
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
    },
    async get(key) {
      try {
        return await fs.readFile(path.join(dir, checkKey(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(path.join(dir, checkKey(key)), { force: true })));
    },
  };
}

/** Rows of the database: used with a PostgreSQL server, so every server process can serve every file. */
export function createDatabaseStorage(db: Db): Storage {
  return {
    // Async, so a bad key rejects like a failed query instead of throwing at the call.
    put: async (key, data) => upsertBlob(db, checkKey(key), data),
    get: async (key) => findBlob(db, checkKey(key)),
    delete: async (keys) => deleteBlobs(db, keys.map(checkKey)),
  };
}
