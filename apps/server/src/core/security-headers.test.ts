import http from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: [] } },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
};

/** The headers helmet itself sets on a real response for these options. */
async function helmetOnARealResponse(): Promise<Record<string, string>> {
  const server = http.createServer((request, response) => helmet(options)(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/`);
    const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)));
  } finally {
    server.close();
  }
}

describe('security headers worked out once', () => {
  it('are the headers helmet sets on a real response, to the character', async () => {
    const once = securityHeaders(options);
    expect(once).toEqual(await helmetOnARealResponse());
    expect(once['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(once['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(Object.keys(once).length).toBeGreaterThan(8);
  });
});
