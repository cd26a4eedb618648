import { createHash, createHmac } from 'node:crypto';

/**
 * The audit chain's link (migration 117 chains the rows before it with this, so it never changes: a new encoding
 * would be a new version of the chain).
 */

/** The hash before the first link of the chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of an audit row the chain covers (everything but its surrogate id). */
export interface ChainedFields {
  seq: number;
  at: string;
  user_code: string | null;
  ip: string | null;
  action: string;
  target: string | null;
  result: string;
  detail: string | null;
  before_json: string | null;
  after_json: string | null;
}

/**
 * One link of the SM3 chain (GB/T 32905-2016): SM3 over the previous link's hash and the row's fields in a fixed
 * order. Changing any field, removing a row or inserting one breaks every link after it.
 */
export function linkHash(prevHash: string, r: ChainedFields): string {
  const body = JSON.stringify([r.seq, r.at, r.user_code, r.ip, r.action, r.target, r.result, r.detail, r.before_json, r.after_json]);
  return createHash('sm3').update(`${prevHash}\n${body}`).digest('hex');
}

/** The keyed seal of a checkpoint (HMAC-SM3 under a data key): a database writer without the key cannot forge one. */
export const anchorMac = (key: Buffer, seq: number, hash: string): string =>
  createHmac('sm3', key).update(`oa-audit-anchor\n${seq}\n${hash}`).digest('hex');
