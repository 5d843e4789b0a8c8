import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.DEMO_DATA).toBe(true);
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

  it('splits LOVE_HOSTS into lower-case host names', () => {
    expect(loadConfig({ LOVE_HOSTS: 'Love.Example.com, flame.local' }).LOVE_HOSTS).toEqual(['love.example.com', 'flame.local']);
  });
});
