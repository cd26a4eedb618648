import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, badRequest } from '../../lib/errors';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { AppContext } from '../context';
import { UploadRefused, storeUpload, tooLarge, type StoreInput, type StoredFile } from './file-store';
import { checkFileName } from './file-types';

/** The value of a plain multipart field sent before the file. */
export function fieldValue(part: MultipartFile, name: string): string | undefined {
  const f = part.fields[name];
  const one = Array.isArray(f) ? f[0] : f;
  return one && one.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
}

/**
 * Receives the first file of a multipart request and stores it (core/files/file-store.ts). Refusals become
 * 400 (name, type, content) or 413 (size) with a Chinese message; nothing is written for them.
 */
export async function receiveUpload(
  ctx: AppContext,
  req: FastifyRequest,
  opts: Omit<StoreInput, 'stream' | 'fileName' | 'owner' | 'maxBytes'> & { maxBytes?: number },
  fields?: (part: MultipartFile) => Partial<Pick<StoreInput, 'scope' | 'kind'>>,
): Promise<StoredFile> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件', 'file');
  const maxBytes = Math.min(opts.maxBytes ?? ctx.config.uploadMaxBytes, ctx.config.uploadMaxBytes);
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: maxBytes } });
  } catch (err) {
    throw asUploadError(err, maxBytes);
  }
  if (!part) throw badRequest('请选择要上传的文件', 'file');
  try {
    return await storeUpload(ctx, {
      ...opts,
      ...(fields ? fields(part) : {}),
      stream: part.file,
      fileName: part.filename,
      owner: req.auth!.user.userCode,
      maxBytes,
    });
  } catch (err) {
    throw asUploadError(err, maxBytes);
  }
}

/**
 * Receives the first file of a multipart request into memory (up to `maxBytes`, refused past it with a 413), for
 * a file that must be checked whole before it is stored (a Word template); its name is checked as storeUpload does.
 */
export async function receiveUploadBuffer(
  ctx: AppContext,
  req: FastifyRequest,
  opts: { allowedExt: readonly string[]; maxBytes: number },
): Promise<{ fileName: string; buffer: Buffer }> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件', 'file');
  const maxBytes = Math.min(opts.maxBytes, ctx.config.uploadMaxBytes);
  try {
    const part = await req.file({ limits: { fileSize: maxBytes } });
    if (!part) throw badRequest('请选择要上传的文件', 'file');
    const name = checkFileName(part.filename, opts.allowedExt);
    if (!name.ok) {
      part.file.resume();
      throw badRequest(name.reason, 'file');
    }
    const buffer = await part.toBuffer();
    if (!buffer.length) throw badRequest('文件内容为空', 'file');
    return { fileName: part.filename, buffer };
  } catch (err) {
    throw err instanceof AppError ? err : asUploadError(err, maxBytes);
  }
}

function asUploadError(err: unknown, maxBytes: number): unknown {
  if (err instanceof UploadRefused) return new AppError(ErrorCode.BAD_REQUEST, err.message, err.status, { field: 'file' });
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(ErrorCode.BAD_REQUEST, tooLarge(maxBytes).message, 413, { field: 'file' });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest('一次上传的文件或字段过多', 'file');
  if (code.startsWith('FST_') || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('上传内容格式不正确', 'file');
  return err;
}
