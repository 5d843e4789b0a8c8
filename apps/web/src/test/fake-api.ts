import { vi } from 'vitest';

export type FakeReply = { status: number; body: unknown };
export type FakeCall = { method: string; url: string; path: string; body: unknown };
type Route = { method: string; path: string; replies: FakeReply[]; always?: FakeReply };

/**
 * Stubs `fetch` with an API that answers each request by its method and path, and records every call. Screens fetch in
 * the background (the next screen's list, a refetch), in an order and number that depend on timing; answering by route
 * keeps such a request from taking a reply meant for another, and tests assert the calls that must happen
 * (`callsTo`, `toContainEqual`), never the whole list. A request no route answers gets 404 `not_found`, which the
 * query client does not retry, so no retry timer runs behind a test's back.
 */
export function fakeApi() {
  const routes: Route[] = [];
  const calls: FakeCall[] = [];
  const routeOf = (method: string, path: string) => {
    let route = routes.find((candidate) => candidate.method === method && candidate.path === path);
    if (!route) {
      route = { method, path, replies: [] };
      routes.push(route);
    }
    return route;
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const { pathname } = new URL(url, 'http://api.test');
    calls.push({ method, url, path: pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes.find((candidate) => candidate.method === method && candidate.path === pathname);
    const reply = route?.replies.shift() ?? route?.always ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  return {
    calls,
    /** The next request to `method path` (path without the query) gets `reply`; later ones the next queued reply. */
    once(method: string, path: string, reply: FakeReply) {
      routeOf(method, path).replies.push(reply);
    },
    /** Every request to `method path` that has no queued reply gets `reply`. */
    always(method: string, path: string, reply: FakeReply) {
      routeOf(method, path).always = reply;
    },
    /** The calls made to `method path`, in order. */
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}

/** Resolves once every promise callback already queued has run (a macrotask turn), e.g. after a settled request. */
export const afterQueuedCallbacks = () => new Promise<void>((resolve) => setImmediate(resolve));
