import { ErrorCode } from '@oa/shared/contract/envelope';
import { AppError } from './errors';
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Sensitive values at rest (GB/T 39786-2021): SM4-CBC with a random IV, then an HMAC-SM3 tag over the whole
 * envelope (encrypt-then-MAC). The envelope names its key, so keys rotate:
 *   sm4:1:<keyId>:<iv base64url>:<ciphertext base64url>:<tag base64url>
 * The tag also covers the column the value belongs to (`purpose`), so a value copied into another column is refused.
 * Searches use a keyed hash (HMAC-SM3 under a key derived apart from the encryption and MAC keys).
 */

export const ENVELOPE_PREFIX = 'sm4:1:';

interface DerivedKey {
  id: string;
  enc: Buffer;
  mac: Buffer;
  index: Buffer;
}

/** The data keys: the first one encrypts, every one decrypts. */
export interface FieldKeyring {
  current: DerivedKey;
  all: Map<string, DerivedKey>;
  /** env: OA_DATA_KEYS; generated: a key made once in the data directory (development and demo) */
  source: 'env' | 'generated';
}

/** A value that cannot be read (a key not configured, a wrong key, a changed byte): a 500 with a clear reason. */
export class FieldCipherError extends AppError {
  constructor(reason: string) {
    super(ErrorCode.INTERNAL, `敏感数据无法读取：${reason}，请联系管理员`, 500);
  }
}
/** A bad OA_DATA_KEYS (start-up refuses it). */
export class DataKeysError extends Error {}

const hmac = (key: Buffer, data: string | Buffer) => createHmac('sm3', key).update(data).digest();

function derive(id: string, master: Buffer): DerivedKey {
  return {
    id,
    enc: hmac(master, 'oa-field-enc').subarray(0, 16),
    mac: hmac(master, 'oa-field-mac'),
    index: hmac(master, 'oa-field-index'),
  };
}

const KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;

/**
 * `"<id>:<hex>,<id>:<hex>"`, newest first; each key 16 or 32 bytes of hex. Throws a message naming the problem
 * (never the key).
 */
export function parseKeyring(spec: string, source: FieldKeyring['source']): FieldKeyring {
  const all = new Map<string, DerivedKey>();
  let current: DerivedKey | undefined;
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [id, hex, ...rest] = part.split(':');
    if (rest.length || !id || !KEY_ID.test(id))
      throw new DataKeysError('OA_DATA_KEYS 格式应为 “编号:十六进制密钥,编号:十六进制密钥”（最新的在前）');
    if (!hex || !/^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/.test(hex))
      throw new DataKeysError(`OA_DATA_KEYS 中密钥 ${id} 应为 32 或 64 位十六进制`);
    if (all.has(id)) throw new DataKeysError(`OA_DATA_KEYS 中密钥编号 ${id} 重复`);
    const k = derive(id, Buffer.from(hex, 'hex'));
    all.set(id, k);
    current ??= k;
  }
  if (!current) throw new DataKeysError('OA_DATA_KEYS 没有密钥');
  return { current, all, source };
}

/** A fresh key in the OA_DATA_KEYS form. */
export const newKeySpec = (id: string) => `${id}:${randomBytes(16).toString('hex')}`;

const b64 = (b: Buffer) => b.toString('base64url');

export const isSealed = (v: string | null | undefined): v is string => !!v && v.startsWith(ENVELOPE_PREFIX);

/** Encrypts one value for the column `purpose` (e.g. 'oa_salary_slip.bank_card'). */
export function sealField(ring: FieldKeyring, purpose: string, plaintext: string): string {
  const k = ring.current;
  const iv = randomBytes(16);
  const c = createCipheriv('sm4-cbc', k.enc, iv);
  const ct = Buffer.concat([c.update(plaintext, 'utf8'), c.final()]);
  const body = `${ENVELOPE_PREFIX}${k.id}:${b64(iv)}:${b64(ct)}`;
  return `${body}:${b64(hmac(k.mac, `${purpose}\n${body}`))}`;
}

/** Decrypts a sealed value; a wrong key, a missing key or a changed byte throws, never returns garbage. */
export function openField(ring: FieldKeyring, purpose: string, envelope: string): string {
  if (!isSealed(envelope)) throw new FieldCipherError('值不是密文');
  const parts = envelope.slice(ENVELOPE_PREFIX.length).split(':');
  if (parts.length !== 4) throw new FieldCipherError('密文格式损坏');
  const [id, iv, ct, tag] = parts;
  const k = ring.all.get(id);
  if (!k) throw new FieldCipherError(`密文使用的密钥 ${id} 未配置（OA_DATA_KEYS）`);
  const body = envelope.slice(0, envelope.length - tag.length - 1);
  const want = hmac(k.mac, `${purpose}\n${body}`);
  const got = Buffer.from(tag, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw new FieldCipherError('密文校验失败（密钥不对或数据被篡改）');
  try {
    const d = createDecipheriv('sm4-cbc', k.enc, Buffer.from(iv, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  } catch {
    throw new FieldCipherError('密文无法解密');
  }
}

export const sealNullable = (ring: FieldKeyring, purpose: string, v: string | null): string | null =>
  v === null ? null : sealField(ring, purpose, v);
export const openNullable = (ring: FieldKeyring, purpose: string, v: string | null): string | null =>
  v === null ? null : openField(ring, purpose, v);

/** The keyed hashes of a value under every key (the newest first): a search matches any, so it works mid-rotation. */
export const searchHashes = (ring: FieldKeyring, purpose: string, value: string): string[] =>
  [...ring.all.values()].map((k) => hmac(k.index, `${purpose}\n${value}`).toString('hex'));

/** The keyed hash stored beside a value (under the newest key). */
export const searchHash = (ring: FieldKeyring, purpose: string, value: string): string =>
  hmac(ring.current.index, `${purpose}\n${value}`).toString('hex');
