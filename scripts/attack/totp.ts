import { Secret, TOTP } from 'otpauth';

/** A new random secret in base32, as `admin:create --totp-secret` takes it (160 bits, RFC 4226's recommendation). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The current code of a base32 secret, with the server's own library and settings (SHA-1, 6 digits, 30 s). */
export const totpCode = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });
