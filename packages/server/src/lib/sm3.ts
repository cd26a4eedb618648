import { createHash } from 'node:crypto';

/** The SM3 digest (GB/T 32905) of bytes as hex, by OpenSSL's sm3 (the audit chain's and the archive package's). */
export const sm3Hex = (b: Buffer | string): string => createHash('sm3').update(b).digest('hex');
