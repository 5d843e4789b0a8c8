import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Returns the token-signing secret: the given one, or one generated once and kept in the data directory. */
export function loadOrCreateSecret(dataDir: string, given: string | undefined): Uint8Array {
  if (given) return new TextEncoder().encode(given);
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'auth-secret');
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
