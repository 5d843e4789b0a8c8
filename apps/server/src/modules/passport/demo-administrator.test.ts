import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { captureLog, createAdministrator } from '../../test/factories.ts';
import { DEMO_ADMINISTRATOR_EMAIL, ensureDemoAdministrator } from './passport.service.ts';

describe('demo administrator', () => {
  it('is created at first start with demo data on, its credentials printed once in one log line, and they lead to setting up the second factor', async () => {
    let lines: string[] = [];
    const t = await createTestApp({ DEMO_DATA: 'true', LOG_LEVEL: 'info' }, (app) => {
      lines = captureLog(app);
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      // Listening does not wait for the creation: it follows right after.
      await vi.waitFor(() => expect(lines.some((line) => line.includes('demo administrator created'))).toBe(true), { timeout: 240_000 });
      const printed = lines.filter((line) => line.includes('demo administrator created'));
      expect(printed).toHaveLength(1);
      const password = /with password (\S+) /.exec(printed[0]!)![1]!;
      const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: DEMO_ADMINISTRATOR_EMAIL, password } });
      // The password is right; the first sign-in then sets up the second factor.
      expect(login.json().result).toEqual({ challenge: expect.any(String), secondFactor: 'enrol' });
    } finally {
      await t.close();
    }
  });

  it('is not created with demo data off, nor when an administrator exists', async () => {
    const t = await createTestApp({ DEMO_DATA: 'false' });
    try {
      await ensureDemoAdministrator(t.database.db, t.config, t.app.log);
      expect(await t.database.query('select id from administrators')).toEqual([]);
      const admin = await createAdministrator(t);
      await ensureDemoAdministrator(t.database.db, { ...t.config, DEMO_DATA: true }, t.app.log);
      expect(await t.database.query<{ id: string }>('select id from administrators')).toEqual([{ id: admin.id }]);
    } finally {
      await t.close();
    }
  });
});
