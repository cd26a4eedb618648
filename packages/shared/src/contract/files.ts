import { z } from 'zod';
import { THUMB_WIDTHS } from './files-api';

/** Files (spec §7): `filePath` is an opaque stored-file id, never a path on the server. */
export const filePath = z
  .string({ message: '缺少 filePath' })
  .trim()
  .regex(/^f[0-9a-f]{30}$/, { message: '文件标识 filePath 无效' });

export const uploadedFile = z.object({
  filePath: z.string(),
  /** the same id as filePath (the name the module engine's attachments use) */
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  mime: z.string(),
  /** the download address for this app (relative; for images add wtoken) */
  url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const downloadQuery = z.object({
  /** the stored-file id; `fileId` is accepted as its alias */
  filePath: filePath.optional(),
  fileId: filePath.optional(),
  fileName: z.string().max(255).optional(),
  /** 'inline' to show in the browser (images, pdf); default attachment */
  disposition: z.enum(['inline', 'attachment']).optional(),
});
export const imageQuery = z.object({
  filePath,
  wtoken: z.string().max(4096).optional(),
  /** a thumbnail this many pixels wide (WebP), one of THUMB_WIDTHS; the original image without it */
  w: z.coerce
    .number({ message: '缩略图宽度 w 无效' })
    .refine((n) => (THUMB_WIDTHS as readonly number[]).includes(n), { message: `缩略图宽度 w 只能是 ${THUMB_WIDTHS.join('、')}` })
    .optional(),
});
