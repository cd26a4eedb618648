import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** The manifest at the head of every archive (`manifest.json`): what it holds and how to check it. */
export const manifestSchema = z.object({
  format: z.literal('assoc-oa-backup'),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  kind: z.enum(['manual', 'scheduled', 'upgrade']),
  dialect: z.enum(['sqlite', 'postgres']),
  migration: z.string().nullable(),
  migrations: z.array(z.string()),
  tables: z.record(z.string(), z.number()),
  /** every file of the archive but the manifest: path inside the archive, SHA-256, size */
  entries: z.array(z.object({ path: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number() })),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type BackupKind = Manifest['kind'];

export const MANIFEST = 'manifest.json';
export const DATABASE_DIR = 'database';
export const FILES_DIR = 'files';
export const databaseEntry = (dialect: Manifest['dialect']) => `${DATABASE_DIR}/${dialect === 'sqlite' ? 'oa.db' : 'oa.pgdump'}`;

/** SHA-256 and size of a file, streamed. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(fs.createReadStream(file), async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      size += chunk.length;
      hash.update(chunk);
    }
    yield* [];
  });
  return { sha256: hash.digest('hex'), size };
}

/** A backup that cannot be used, named by its file: the message says which archive and why. */
export class BackupRefused extends Error {
  constructor(archive: string, why: string) {
    super(`备份 ${archive} 不能使用：${why}`);
  }
}
