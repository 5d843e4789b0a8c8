import { describe, expect, it } from 'vitest';
import { connectGate, jobsOf, signUpOwner, startCluster, startRun } from '../../../scripts/scale-out.ts';

type Profiles = { result: { items: unknown[] } };

describe.skipIf(!process.env.TEST_DATABASE_URL)('three server processes behind a round-robin proxy on one PostgreSQL database', () => {
  it('shares sessions, delivers websocket events whichever process holds the socket, and runs each compute job once', async () => {
    const cluster = await startCluster(3);
    const sockets: Array<{ close(): void }> = [];
    try {
      // A session made through one process works through every process, in turn, with no stickiness.
      const owner = await signUpOwner(cluster, 4);
      const auth = { authorization: `Bearer ${owner.token}` };
      const servedBy = new Set<number>();
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${cluster.proxy.base}/api/owner/profiles`, { headers: auth });
        expect(res.status).toBe(200);
        expect(((await res.json()) as Profiles).result.items).toHaveLength(4);
        servedBy.add(Number(res.headers.get('x-teamcast-backend')));
      }
      expect([...servedBy].sort()).toEqual([0, 1, 2]);
      // Signing out through one process ends the session on the others.
      const other = await signUpOwner(cluster, 0);
      const logout = await fetch(`${cluster.proxy.base}/api/passport/owner/logout`, { method: 'POST', headers: { authorization: `Bearer ${other.token}` } });
      expect(logout.ok).toBe(true);
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${cluster.proxy.base}/api/owner/profiles`, { headers: { authorization: `Bearer ${other.token}` } });
        expect(res.status).toBe(401);
      }

      // One socket held by process 0 directly, one through the proxy (upgrade forwarded to whichever process is next).
      const direct = await connectGate(cluster.processes[0]!.base.replace('http', 'ws'), owner.token);
      sockets.push(direct);
      const proxied = await connectGate(cluster.proxy.base.replace('http', 'ws'), owner.token);
      sockets.push(proxied);
      const ruids: string[] = [];
      // Runs requested on processes 1 and 2 directly, and through the proxy.
      for (let i = 0; i < 6; i++) {
        const base = i < 4 ? cluster.processes[1 + (i % 2)]!.base : cluster.proxy.base;
        ruids.push(await startRun(base, owner.token, `Team ${i}`, owner.profileIds.slice(0, 2 + (i % 3))));
      }
      for (const ruid of ruids) {
        expect(await direct.phasesOf(ruid)).toEqual([1, 2, 3, 4, 5]);
        expect(await proxied.phasesOf(ruid)).toEqual([1, 2, 3, 4, 5]);
      }
      direct.close();
      proxied.close();

      // Each job ran once, in whichever process claimed it.
      const jobs = await jobsOf(cluster.database, ruids);
      expect(jobs).toHaveLength(6);
      for (const job of jobs) expect(job).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      for (const socket of sockets) socket.close();
      await cluster.close();
    }
  });
});
