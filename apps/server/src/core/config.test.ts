import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, databaseTimeoutsOf, loadConfig } from './config.ts';
import { DEFAULT_DATABASE_TIMEOUTS } from './db.ts';

describe('loadConfig', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.DEMO_DATA).toBe(true);
  });

  it('derives the default PUBLIC_URL from HOST and PORT, and keeps a given one', () => {
    expect(loadConfig({ PORT: '3311' }).PUBLIC_URL).toBe('http://localhost:3311');
    expect(loadConfig({ PORT: '3311', HOST: '127.0.0.1' }).PUBLIC_URL).toBe('http://127.0.0.1:3311');
    expect(loadConfig({ PORT: '3311', HOST: '::' }).PUBLIC_URL).toBe('http://localhost:3311');
    expect(loadConfig({ PORT: '3311', HOST: '::1' }).PUBLIC_URL).toBe('http://[::1]:3311');
    expect(loadConfig({ HOST: 'Teamcast.Example' }).PUBLIC_URL).toBe('http://teamcast.example:3000');
    expect(loadConfig({ PORT: '3311', PUBLIC_URL: 'https://teamcast.ru' }).PUBLIC_URL).toBe('https://teamcast.ru');
  });

  it('turns demo data off by default on a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x', DEMO_DATA: 'on' }).DEMO_DATA).toBe(true);
  });

  it('stops on a wrong value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('gives the PostgreSQL time limits defaults, takes overrides in milliseconds and refuses negative ones', () => {
    expect(databaseTimeoutsOf(loadConfig({}))).toEqual(DEFAULT_DATABASE_TIMEOUTS);
    expect(DEFAULT_DATABASE_TIMEOUTS).toEqual({ connectMs: 5_000, statementMs: 15_000, idleInTransactionMs: 120_000, maintenanceMs: 3_600_000 });
    const config = loadConfig({
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '30000',
      DB_MAINTENANCE_TIMEOUT_MS: '0',
    });
    expect(databaseTimeoutsOf(config)).toEqual({ connectMs: 2_000, statementMs: 0, idleInTransactionMs: 30_000, maintenanceMs: 0 });
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it('splits LOVE_HOSTS into lower-case host names', () => {
    expect(loadConfig({ LOVE_HOSTS: 'Love.Example.com, flame.local' }).LOVE_HOSTS).toEqual(['love.example.com', 'flame.local']);
  });
});
