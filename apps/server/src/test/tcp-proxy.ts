import net from 'node:net';

/** One client connection and its upstream, with what is held back while the proxy is frozen. */
type Pair = { client: net.Socket; upstream?: net.Socket; toUpstream: Buffer[]; toClient: Buffer[]; silenced?: boolean };

/**
 * A TCP proxy on loopback between a server process and its PostgreSQL server, to put the database into faults while
 * other tests keep using the real server:
 * - `cut()` stops accepting and destroys every open connection (the database refuses); `restore()` listens again on the
 *   same port;
 * - `freeze()` keeps every connection open but forwards nothing in either direction, and accepts new connections
 *   without answering them (the database hangs: no error, no answer); `resume()` delivers what was held back and
 *   forwards again, as a database does that stalled and came back. A connection either side closes is still closed;
 * - `silence()` drops for good whatever the connections open now send, either way, and closes nothing: a connection a
 *   firewall or NAT forgot. New connections work.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<Pair>();
  let frozen = false;

  const drop = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };
  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('data', (chunk: Buffer) => {
      if (pair.silenced) return;
      if (frozen) pair.toClient.push(chunk);
      else pair.client.write(chunk);
    });
    upstream.on('error', () => drop(pair)).on('close', () => drop(pair));
  };
  const flush = (pair: Pair) => {
    for (const chunk of pair.toUpstream.splice(0)) pair.upstream?.write(chunk);
    for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
  };

  const server = net.createServer((client) => {
    const pair: Pair = { client, toUpstream: [], toClient: [] };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (pair.silenced) return;
      if (frozen || !pair.upstream) pair.toUpstream.push(chunk);
      else pair.upstream.write(chunk);
    });
    client.on('error', () => drop(pair)).on('close', () => drop(pair));
    if (!frozen) connectUpstream(pair);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  const destroyAll = () => {
    for (const pair of pairs) drop(pair);
  };
  const port = await listen(0);
  return {
    port,
    /** Client connections open through the proxy. */
    get connections() {
      return pairs.size;
    },
    async cut(): Promise<void> {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      destroyAll();
      await closed;
    },
    async restore(): Promise<void> {
      await listen(port);
    },
    silence(): void {
      for (const pair of pairs) pair.silenced = true;
    },
    freeze(): void {
      frozen = true;
    },
    resume(): void {
      frozen = false;
      for (const pair of pairs) {
        if (!pair.upstream) connectUpstream(pair);
        flush(pair);
      }
    },
    close: async () => {
      destroyAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
