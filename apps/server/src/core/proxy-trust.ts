import net from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Which peers are proxies whose forwarding headers count (TRUST_PROXY): none (the default), the nearest N hops, or
 * the listed addresses, CIDR ranges and proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`).
 */
export type ProxyTrust = false | { hops: number } | { addresses: string[] };

/** A trust test of proxy-addr's shape: whether the address `hop` steps from the server is a trusted proxy. */
export type TrustFunction = (address: string, hop: number) => boolean;

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether one list entry is an address, a CIDR range (address/prefix) or one of proxy-addr's names. */
export function isProxyAddress(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Parses TRUST_PROXY: `false`/`off`/`no`/`0` (or unset) trusts nobody, a positive whole number trusts that many
 * hops, anything else is a comma-separated list of proxy addresses. `true` is refused: trusting every peer lets any
 * client choose its own address. Returns an error message for a wrong value.
 */
export function parseProxyTrust(value: string | undefined): ProxyTrust | string {
  const text = (value ?? '').trim().toLowerCase();
  if (['', 'false', 'off', 'no', '0'].includes(text)) return false;
  if (['true', 'on', 'yes'].includes(text)) return 'trusting every peer lets any client choose its address: give a hop count or the proxy addresses';
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 100 ? { hops } : 'a hop count is at most 100';
  }
  const addresses = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = addresses.find((entry) => !isProxyAddress(entry));
  return wrong === undefined ? { addresses } : `"${wrong}" is neither an address, a CIDR range, loopback, linklocal nor uniquelocal`;
}

/** The trust test Fastify and the request id use; false when no proxy is trusted. */
export function trustFunction(trust: ProxyTrust): TrustFunction | false {
  if (trust === false) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return proxyAddr.compile(trust.addresses);
}
