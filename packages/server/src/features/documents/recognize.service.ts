import { readFile } from 'node:fs/promises';
import type { Recognized } from '@oa/shared/contract/exchange';
import type { AppContext } from '../../core/context';
import { blobFileOf, canReadFile, findFile, type FileViewer } from '../../core/files/file-store';
import { bizError, forbidden, notFound } from '../../lib/errors';
import { recognize } from './doc-metadata';
import { fileText } from './doc-text';

const MAX_BYTES = 50 * 1024 * 1024;

/** 从文件识别: a received PDF/OFD the clerk uploaded, read for its 文号, 发文机关, 标题 and 成文日期 (to confirm). */
export async function recognizeFile(ctx: AppContext, viewer: FileViewer, fileId: string): Promise<Recognized> {
  const file = await findFile(ctx.db, fileId);
  if (!file) throw notFound('文件不存在或已删除');
  if (!(await canReadFile(ctx, file, viewer))) throw forbidden('没有权限读取该文件');
  if (file.size > MAX_BYTES) throw bizError('文件超过 50 MB，无法识别');
  const at = blobFileOf(ctx, file);
  if (!at) throw notFound('文件内容已丢失');
  const text = await fileText(await readFile(at));
  if (!text) throw bizError('无法识别该文件，请上传 PDF 或 OFD 格式的公文');
  const r = recognize(text);
  if (!r.sourceNo && !r.sourceOrg && !r.title && !r.docDate) throw bizError('未能从文件中识别出文号、发文机关、标题或成文日期，请手工填写');
  return r;
}
