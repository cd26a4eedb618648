import fs from 'node:fs';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';

/**
 * Backup encryption: AES-256-GCM over the whole archive. Layout: `OABK` · version 1 · 12-byte IV · ciphertext ·
 * 16-byte tag. The tag covers everything, so a changed byte anywhere makes decryption fail (nothing is trusted before).
 */
const MAGIC = Buffer.from('OABK\x01', 'latin1');
const IV = 12;
const TAG = 16;

/** OA_BACKUP_KEY: 64 hex characters or the base64 of 32 bytes. */
export function backupKeyOf(raw: string | undefined): Buffer | undefined {
  const v = (raw ?? '').trim();
  if (!v) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (key.length !== 32) throw new Error('OA_BACKUP_KEY 须为 32 字节的密钥（64 个十六进制字符或 base64）');
  return key;
}

export async function encryptFile(src: string, dest: string, key: Buffer): Promise<void> {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const out = fs.createWriteStream(dest, { flags: 'wx' });
  out.write(Buffer.concat([MAGIC, iv]));
  await pipeline(fs.createReadStream(src), cipher, out, { end: false });
  await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), () => resolve()).on('error', reject));
}

export const isEncrypted = async (file: string): Promise<boolean> => {
  const fd = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    await fd.read(head, 0, head.length, 0);
    return head.equals(MAGIC);
  } finally {
    await fd.close();
  }
};

/** Decrypts to `dest`; throws when the key is wrong or any byte was changed. */
export async function decryptFile(src: string, dest: string, key: Buffer): Promise<void> {
  const { size } = await fs.promises.stat(src);
  if (size < MAGIC.length + IV + TAG) throw new Error('加密备份不完整');
  const fd = await fs.promises.open(src, 'r');
  const iv = Buffer.alloc(IV);
  const tag = Buffer.alloc(TAG);
  try {
    await fd.read(iv, 0, IV, MAGIC.length);
    await fd.read(tag, 0, TAG, size - TAG);
  } finally {
    await fd.close();
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  try {
    await pipeline(fs.createReadStream(src, { start: MAGIC.length + IV, end: size - TAG - 1 }), decipher, fs.createWriteStream(dest));
  } catch {
    await fs.promises.rm(dest, { force: true });
    throw new Error('解密失败：密钥不对，或备份文件已被改动');
  }
}
