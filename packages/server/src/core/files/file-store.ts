import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { findLiveFile, insertFile } from '../system.repository';
import type { Db } from '../../db/database';
import type { FileTable } from '../../db/schema/files';
import type { AppContext } from '../context';
import { EXTENSIONS, checkFileName, contentMatches } from './file-types';
import { nowIso } from '../../lib/time';
import { indexFile } from '../search/search-index';

/**
 * Content-addressed file storage: `${dataDir}/files/ab/cd/<sha256>`. An upload is streamed to a temp file
 * (hashing and counting as it goes), checked, then renamed into place (atomic) and recorded in sys_file.
 * A refused or interrupted upload leaves nothing behind. The user's file name is metadata only.
 */
export type StoredFile = FileTable;

/** Why an upload was refused; the route turns it into a 400 / 413 with this message. */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

export interface StoreInput {
  stream: Readable & { truncated?: boolean };
  fileName: string;
  owner: string;
  kind?: string;
  scope?: 'internal' | 'private';
  /** narrows the allow-list (e.g. images for avatars) */
  allowedExt?: readonly string[];
  maxBytes: number;
}

export const tooLarge = (maxBytes: number) => new UploadRefused(`文件大小超过限制（最大 ${+(maxBytes / 1024 / 1024).toFixed(2)} MB）`, 413);

/** The file store's folder under the data directory (backups copy it). */
export const filesRootOf = (dataDir: string) => path.join(dataDir, 'files');
const filesRoot = (ctx: AppContext) => filesRootOf(ctx.config.dataDir);
/** A blob's place inside the file store: `ab/cd/<sha256>`. */
export const blobRelPath = (sha256: string): string => {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('invalid content hash');
  return path.join(sha256.slice(0, 2), sha256.slice(2, 4), sha256);
};
const blobPath = (ctx: AppContext, sha256: string): string => path.join(filesRoot(ctx), blobRelPath(sha256));

/** Streams, checks and stores one upload; returns its sys_file row. */
export async function storeUpload(ctx: AppContext, input: StoreInput): Promise<StoredFile> {
  const name = checkFileName(input.fileName, input.allowedExt);
  if (!name.ok) {
    input.stream.resume();
    throw new UploadRefused(name.reason);
  }
  const tmpDir = path.join(filesRoot(ctx), 'tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let tooBig = false;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      // Past the limit, keep reading (so the client gets its answer) but write nothing more.
      if (tooBig || size > input.maxBytes) {
        tooBig = true;
        done();
        return;
      }
      if (head.length < 512) head = Buffer.concat([head, chunk.subarray(0, 512 - head.length)]);
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(input.stream, meter, fs.createWriteStream(tmp, { flags: 'wx' }));
    if (tooBig || input.stream.truncated) throw tooLarge(input.maxBytes);
    if (size === 0) throw new UploadRefused('文件内容为空');
    if (!contentMatches(name.ext, head)) throw new UploadRefused('文件内容与类型不符，已拒绝');
    const sha256 = hash.digest('hex');
    const dest = blobPath(ctx, sha256);
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    const fd = await fs.promises.open(tmp, 'r+');
    await fd.sync();
    await fd.close();
    await fs.promises.rename(tmp, dest);
    const row: StoredFile = {
      id: `f${randomBytes(15).toString('hex')}`,
      sha256,
      original_name: input.fileName,
      ext: name.ext,
      mime: EXTENSIONS[name.ext].mime,
      size,
      scope: input.scope ?? 'internal',
      kind: input.kind ?? 'file',
      owner: input.owner,
      created_at: nowIso(),
      deleted_at: null,
    };
    await insertFile(ctx.db, row);
    await indexFile(ctx.db, row.id);
    return row;
  } catch (err) {
    input.stream.resume();
    await fs.promises.rm(tmp, { force: true });
    if (err instanceof UploadRefused) throw err;
    if (tooBig) throw tooLarge(input.maxBytes);
    throw err;
  }
}

export async function findFile(db: Db, id: string): Promise<StoredFile | undefined> {
  if (!/^f[0-9a-f]{30}$/.test(id)) return undefined;
  return findLiveFile(db, id);
}

/** A rule another feature registers to let a user read a private file (e.g. an approver reads an attachment). */
export type FileGrant = (db: Db, file: StoredFile, userCode: string, viewer: FileViewer) => Promise<boolean>;

declare module '../context' {
  interface AppContext {
    fileGrants?: FileGrant[];
    /**
     * the grants that also answer outside applicants (the subjects' files): like the guard's routes, an area's
     * grant reaches an applicant only when registered here too
     */
    applicantFileGrants?: FileGrant[];
  }
}

export interface FileViewer {
  userCode: string;
  isAdmin: boolean;
  /** an outside applicant (platform 19 only, `isOutsideApplicant`): internal files are the staff's */
  isApplicant: boolean;
}

/**
 * The one file rule, re-checked on every download path (by id, the image address with wtoken, the applicants'
 * area): internal files any staff member; otherwise the owner, administrators and the areas' grants.
 */
export async function canReadFile(ctx: AppContext, file: StoredFile, viewer: FileViewer): Promise<boolean> {
  if ((file.scope === 'internal' && !viewer.isApplicant) || file.owner === viewer.userCode || viewer.isAdmin) return true;
  const grants = (viewer.isApplicant ? ctx.applicantFileGrants : ctx.fileGrants) ?? [];
  for (const grant of grants) if (await grant(ctx.db, file, viewer.userCode, viewer)) return true;
  return false;
}

export function openBlob(ctx: AppContext, file: StoredFile): fs.ReadStream | null {
  const p = blobFileOf(ctx, file);
  return p ? fs.createReadStream(p) : null;
}

/** Where a stored file's content lies on disk, for a library that reads it itself; null when it is missing. */
export function blobFileOf(ctx: AppContext, file: StoredFile): string | null {
  const p = blobPath(ctx, file.sha256);
  return fs.existsSync(p) ? p : null;
}
