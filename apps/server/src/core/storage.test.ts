import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { Database } from './db.ts';
import { createDatabaseStorage, createFileStorage, type Storage } from './storage.ts';

let database: Database;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-storage-'));
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['files', () => createFileStorage(dir)],
  ['database', () => createDatabaseStorage(database.db)],
] as Array<[string, () => Storage]>)('%s storage', (_name, make) => {
  it('keeps, replaces, returns and deletes bytes by key', async () => {
    const storage = make();
    const bytes = Buffer.from([0, 1, 2, 255, 128]);
    await storage.put('ds_1', bytes);
    expect(await storage.get('ds_1')).toEqual(bytes);
    await storage.put('ds_1', Buffer.from('second'));
    expect((await storage.get('ds_1'))?.toString()).toBe('second');
    await storage.delete(['ds_1']);
    expect(await storage.get('ds_1')).toBeUndefined();
  });

  it('refuses keys that could escape its place', async () => {
    await expect(make().put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });
});
