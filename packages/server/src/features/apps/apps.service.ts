import type { Paged } from '@oa/shared/contract/envelope';
import { APP_API } from '@oa/shared/contract/apps-api';
import type { AppPublish, AppPublishBody } from '@oa/shared/contract/apps';
import type { AppContext } from '../../core/context';
import { inChange, type AuditLast } from '../../core/audit';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './apps.repository';

export const PACKAGE_EXT = ['apk', 'ipa', 'zip'] as const;
const packageUrl = (id: number) => `/oa${APP_API.package}?id=${id}`;

const toDto = (r: repo.AppRow): AppPublish => ({
  id: r.id,
  appName: r.app_name,
  version: r.version,
  platform: r.platform,
  qrCode: r.qr_code,
  appUrl: r.app_url || (r.file_id ? packageUrl(r.id) : null),
  fileId: r.file_id,
  fileName: r.file_name,
  isPublish: r.is_publish,
  remark: r.remark,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function list(
  ctx: AppContext,
  q: { pageNumber: number; pageSize: number; isPublish?: 'Y' | 'N' },
): Promise<Paged<AppPublish>> {
  const { rows, total } = await repo.list(ctx.db, { isPublish: q.isPublish, offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize });
  return { list: rows.map(toDto), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function get(ctx: AppContext, id: number): Promise<AppPublish> {
  const r = await repo.get(ctx.db, id);
  if (!r) throw notFound('应用不存在');
  return toDto(r);
}

async function checked(ctx: AppContext, body: AppPublishBody) {
  if (body.fileId) {
    const f = await repo.packageFile(ctx.db, body.fileId);
    if (!f || !(PACKAGE_EXT as readonly string[]).includes(f.ext)) throw bizError('安装包文件不存在或类型不正确（apk、ipa、zip）');
  }
  if (body.isPublish === 'Y' && !body.fileId && !body.appUrl) throw bizError('发布前请上传安装包或填写下载地址');
  return {
    app_name: body.appName,
    version: body.version || null,
    platform: body.platform,
    qr_code: body.qrCode || null,
    app_url: body.appUrl || null,
    file_id: body.fileId || null,
    is_publish: body.isPublish,
    remark: body.remark || null,
  };
}

/** The app as it is in `db` (a transaction reads its own change). */
async function read(db: AppContext['db'], id: number): Promise<AppPublish> {
  const r = await repo.get(db, id);
  if (!r) throw notFound('应用不存在');
  return toDto(r);
}

export async function create(ctx: AppContext, by: string, body: AppPublishBody, audit: AuditLast<AppPublish>): Promise<AppPublish> {
  const at = nowIso();
  const row = { ...(await checked(ctx, body)), created_by: by, created_at: at, updated_at: at };
  return inChange(ctx.db, async (trx) => {
    const a = await read(trx, await repo.insert(trx, row));
    await audit(trx, a);
    return a;
  });
}

/** Saves an app (publishing or withdrawing it too); the audit gets it before and after. */
export async function update(
  ctx: AppContext,
  id: number,
  body: AppPublishBody,
  audit: AuditLast<{ before: AppPublish; after: AppPublish }>,
): Promise<AppPublish> {
  const row = { ...(await checked(ctx, body)), updated_at: nowIso() };
  return inChange(ctx.db, async (trx) => {
    const before = await read(trx, id);
    if (!(await repo.update(trx, id, row))) throw notFound('应用不存在');
    const after = await read(trx, id);
    await audit(trx, { before, after });
    return after;
  });
}

export async function remove(ctx: AppContext, id: number, audit: AuditLast<AppPublish>): Promise<void> {
  await inChange(ctx.db, async (trx) => {
    const before = await read(trx, id);
    if (!(await repo.remove(trx, id))) throw notFound('应用不存在');
    await audit(trx, before);
  });
}

/** The package of a published app, for the public download address (the QR code's target). */
export async function publishedPackage(ctx: AppContext, id: number) {
  const r = await repo.get(ctx.db, id);
  if (!r || r.is_publish !== 'Y' || !r.file_id) throw notFound('该应用未发布或没有安装包');
  return { fileId: r.file_id, name: `${r.app_name}${r.version ? `-${r.version}` : ''}` };
}
