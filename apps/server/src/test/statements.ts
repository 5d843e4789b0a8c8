import { AsyncLocalStorage } from 'node:async_hooks';
import { vi } from 'vitest';
import type { TestApp } from './test-app.ts';

type Client = { query: (...args: unknown[]) => unknown; connect?: (...args: unknown[]) => unknown; transaction?: (...args: unknown[]) => unknown };

const caller = new AsyncLocalStorage<true>();

/**
 * The statements the database client is sent by `work` (one or more requests) and by what those requests left to run
 * after their answer, as SQL text, and the transactions they opened. Only statements sent from `work`'s own async
 * context count: the server's timers (the compute queue's poll, the sweeps) may query at any moment, and counting
 * them would make the figure depend on timing (issue 31). A transaction takes a connection of its own (node-postgres)
 * or runs through PGlite's transaction(), so its statements would not pass through the client's query: it is counted
 * apart.
 */
export async function statementsOf(t: TestApp, work: () => Promise<unknown>): Promise<{ statements: string[]; transactions: number }> {
  const client = (t.database.db as unknown as { session: { client: Client } }).session.client;
  const statements: string[] = [];
  let transactions = 0;
  // node-postgres's pool.query takes a connection itself (synchronously, inside query): that one is no transaction.
  let inQuery = 0;
  const query = client.query.bind(client);
  const querySpy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    if (caller.getStore()) statements.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text));
    inQuery += 1;
    try {
      return query(...args);
    } finally {
      inQuery -= 1;
    }
  });
  const opener = typeof client.connect === 'function' ? 'connect' : 'transaction';
  const open = client[opener]!.bind(client);
  const openSpy = vi.spyOn(client, opener as 'query').mockImplementation((...args: unknown[]) => {
    if (caller.getStore() && inQuery === 0) transactions += 1;
    return open(...args);
  });
  try {
    await caller.run(true, async () => {
      await work();
      await t.app.afterAnswer.settled();
    });
    return { statements, transactions };
  } finally {
    querySpy.mockRestore();
    openSpy.mockRestore();
  }
}
