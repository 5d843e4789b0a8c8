import { afterAll, expect } from 'vitest';
import { hashCheaplyForTests } from '../core/password.ts';

// Passwords hashed at the least accepted cost in test files (child-process servers and the e2e server hash at full cost);
// core/password.test.ts proves the full cost.
hashCheaplyForTests(true);

// node-postgres warns (and pg 9 will throw) when a query is sent on a connection that is still busy: a Promise.all over
// one transaction's handle. Such code works on a pool and breaks inside a transaction, so every test file fails on it.
const concurrentQueries: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) concurrentQueries.push(warning.stack ?? warning.message);
});

afterAll(() => {
  expect(concurrentQueries, 'a query was sent on a busy PostgreSQL connection').toEqual([]);
});
