import crypto from 'node:crypto';

/** Encrypts small secrets kept in the database (AES-256-GCM), so a copy of the database alone does not reveal them. */
export type Sealer = { seal(plain: string): string; open(sealed: string): string };

/**
 * A sealer whose key is derived (HKDF-SHA-256) from the token-signing secret and a purpose, so each purpose has its own
 * key and the secret itself never encrypts anything. Sealed text is `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function createSealer(secret: Uint8Array, purpose: string): Sealer {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'teamcast', purpose, 32));
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed value');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
