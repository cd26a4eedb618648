import type { Readable } from 'node:stream';
import type { AppContext } from '../../core/context';
import { canReadFile, findFile, openBlob, type FileViewer, type StoredFile } from '../../core/files/file-store';
import { IMAGE_EXTENSIONS } from '../../core/files/file-types';
import { thumbnailOf } from '../../core/files/thumbnails';
import { forbidden, notFound } from '../../lib/errors';

export interface Download {
  file: StoredFile;
  stream: Readable;
  headers: Record<string, string>;
}

const INLINE = new Set<string>([...IMAGE_EXTENSIONS, 'pdf']);

/** A name safe for a header: no separators, quotes or control characters; keeps the stored extension. */
function downloadName(file: StoredFile, asked?: string): string {
  let name =
    (asked ?? '')
      // eslint-disable-next-line no-control-regex -- strip control characters from a header value
      .replace(/[\u0000-\u001f\u007f"\\/]/g, '')
      .trim()
      .slice(0, 200) || file.original_name;
  if (!name.toLowerCase().endsWith(`.${file.ext}`)) name = `${name}.${file.ext}`;
  return name;
}

function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Opens a stored file for a viewer, re-checking the permission; 404 for unknown, 403 when not allowed. */
export async function openDownload(
  ctx: AppContext,
  viewer: FileViewer,
  q: { filePath: string; fileName?: string; disposition?: 'inline' | 'attachment'; width?: number },
  imageOnly = false,
): Promise<Download> {
  const file = await findFile(ctx.db, q.filePath);
  if (!file) throw notFound('文件不存在或已删除');
  if (!(await canReadFile(ctx, file, viewer))) throw forbidden('没有权限下载该文件');
  // an image asked for at a width: its thumbnail (the original when none can be made)
  const thumb = q.width ? await thumbnailOf(ctx, file, q.width) : null;
  const stream = thumb?.stream ?? openBlob(ctx, file);
  if (!stream) throw notFound('文件内容已丢失，请联系管理员');
  const inline = INLINE.has(file.ext) && (imageOnly || q.disposition === 'inline');
  return {
    file,
    stream,
    headers: {
      'content-type': thumb ? 'image/webp' : file.mime,
      'content-length': String(thumb?.size ?? file.size),
      'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', downloadName(file, q.fileName)),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'private, max-age=3600',
    },
  };
}
