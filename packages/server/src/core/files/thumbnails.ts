import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import type { StoredFile } from './file-store';
import { blobFileOf } from './file-store';

/** Raster images a thumbnail is made of; an animated GIF or anything else is served as it is. */
const RASTER = new Set(['png', 'jpg', 'jpeg', 'webp']);

export interface Thumbnail {
  stream: fs.ReadStream;
  size: number;
}

/**
 * A WebP of the image `width` pixels wide (never wider than the original), made once per content and width and kept
 * under `${dataDir}/cache/thumbs/` (regenerable, so backups leave it out). sharp works on libuv's thread pool, off the
 * event loop. Null when the file is no raster image or its content is missing (the caller serves the original).
 */
export async function thumbnailOf(ctx: AppContext, file: StoredFile, width: number): Promise<Thumbnail | null> {
  if (!RASTER.has(file.ext)) return null;
  const dir = path.join(ctx.config.dataDir, 'cache', 'thumbs');
  const target = path.join(dir, `${file.sha256}-${width}.webp`);
  if (!fs.existsSync(target)) {
    const source = blobFileOf(ctx, file);
    if (!source) return null;
    fs.mkdirSync(dir, { recursive: true });
    const { default: sharp } = await import('sharp');
    // written beside and renamed: two requests at once never serve a half-written file
    const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
    try {
      await sharp(source).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toFile(partial);
      fs.renameSync(partial, target);
    } catch {
      fs.rmSync(partial, { force: true });
      return null;
    }
  }
  return { stream: fs.createReadStream(target), size: fs.statSync(target).size };
}
