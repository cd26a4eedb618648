import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { AppConfig } from '../../config';
import { configValueOnce } from '../system.repository';

/**
 * The one place that seals a secret kept at rest (the authenticator secrets of two factors): AES-256-GCM, the
 * key from OA_TWO_FACTOR_KEY (64 hex digits), else one generated once and kept in sys_config (as the VAPID and
 * JWT keys are) so every instance opens what another sealed. Sealed text: `g1.<iv>.<tag>.<ciphertext>` (base64url).
 * Switching the algorithm (SM4) changes only this file; the prefix tells the versions apart.
 */
const held = new WeakMap<object, Promise<Buffer>>();

function keyOf(db: Db, config: Pick<AppConfig, 'twoFactorKey'>): Promise<Buffer> {
  if (config.twoFactorKey) return Promise.resolve(Buffer.from(config.twoFactorKey, 'hex'));
  let p = held.get(db);
  if (!p) {
    p = configValueOnce(db, 'two_factor_key', randomBytes(32).toString('hex')).then((hex) => Buffer.from(hex, 'hex'));
    p.catch(() => held.delete(db));
    held.set(db, p);
  }
  return p;
}

type Keyed = { db: Db; config: Pick<AppConfig, 'twoFactorKey'> };

export async function sealSecret(ctx: Keyed, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(ctx.db, ctx.config), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['g1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export async function openSecret(ctx: Keyed, sealed: string): Promise<string> {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'g1' || !iv || !tag || !body) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(ctx.db, ctx.config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
