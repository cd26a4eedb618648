import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as the authenticator apps do it: SHA-1, 6 digits, 30-second steps; one step of clock drift either way. */
const PERIOD = 30;
const WINDOW = 1;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, base32 as the apps take it). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an app scans: issuer = the site title, label = the account. */
export const otpauthUrl = (secret: string, account: string, issuer: string): string => totpOf(secret, account, issuer).toString();

/** The time step a code matches (within the drift window), or null. */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code of `secret` at `now` (demo and tests type what an app would show). */
export const totpCode = (secret: string, now = Date.now()): string => totpOf(secret).generate({ timestamp: now });

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Ten one-time recovery codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: 10 }, () => `${part()}-${part()}`);
}
/** Stored form of a recovery code: sha256 of the code without spaces or dashes, lower case. */
export const recoveryHash = (code: string): string => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
