import type { SealItem, SealRole, SealSave, SealUseItem } from '@oa/shared/contract/seals';
import { COUNT_CAP } from '@oa/shared/contract/envelope';
import type { AppContext } from '../../core/context';
import { userNames } from '../../core/identity/identity.repository';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { deptNames } from './documents.repository';
import { newId } from './documents.service';
import { checkSealImage } from './seal-image';
import {
  allRoles,
  allSeals,
  countSealUses,
  findSeal,
  insertSeal,
  roleNames,
  sealImage,
  sealNamed,
  sealUses,
  serialNos,
  updateSeal,
  type SealRow,
} from './seal.repository';

/** 印章管理: the administrator's registry of seals (add, edit, enable/disable) and the use log. */
const codes = (json: string): string[] => JSON.parse(json) as string[];
const named = (list: string[], names: Map<string, string>) => list.map((code) => ({ code, name: names.get(code) ?? code }));

async function itemsOf(ctx: AppContext, rows: SealRow[]): Promise<SealItem[]> {
  const [users, depts, roles] = await Promise.all([
    userNames(
      ctx.db,
      rows.flatMap((r) => codes(r.keepers)),
    ),
    deptNames(ctx.db),
    roleNames(ctx.db),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind === 'dept' ? 'dept' : 'org',
    deptCode: r.dept_code,
    deptName: r.dept_code ? (depts.get(r.dept_code) ?? null) : null,
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    keepers: named(codes(r.keepers), users),
    requesterRoles: named(codes(r.requester_roles), roles),
    requesterDepts: named(codes(r.requester_depts), depts),
    enabled: r.enabled,
    updatedAt: r.updated_at,
  }));
}

export const listSeals = async (ctx: AppContext): Promise<SealItem[]> => itemsOf(ctx, await allSeals(ctx.db));

/** The roles the administrator picks 可申请角色 from (by name; the codes are what a seal keeps). */
export const sealRoles = async (ctx: AppContext): Promise<SealRole[]> => allRoles(ctx.db);

/** Checks what names people, departments and roles: each must exist (a refusal names the field). */
async function checkRefs(ctx: AppContext, b: SealSave): Promise<void> {
  const [users, depts, roles] = await Promise.all([userNames(ctx.db, b.keepers), deptNames(ctx.db), roleNames(ctx.db)]);
  const keeper = b.keepers.find((k) => !users.has(k));
  if (keeper) throw badRequest(`保管人 ${keeper} 不存在`, 'keepers');
  if (b.kind === 'dept' && !b.deptCode) throw badRequest('部门印章请选择所属部门', 'deptCode');
  if (b.deptCode && !depts.has(b.deptCode)) throw badRequest('所属部门不存在', 'deptCode');
  const dept = b.requesterDepts.find((d) => !depts.has(d));
  if (dept) throw badRequest(`可申请部门 ${dept} 不存在`, 'requesterDepts');
  const role = b.requesterRoles.find((r) => !roles.has(r));
  if (role) throw badRequest(`可申请角色 ${role} 不存在`, 'requesterRoles');
}

/** Adds a seal (an image is required) or edits one (a new image replaces the old). Returns the before and after. */
export async function saveSeal(
  ctx: AppContext,
  actor: string,
  b: SealSave,
): Promise<{ id: string; before: SealItem | null; after: SealItem }> {
  await checkRefs(ctx, b);
  const existing = b.id ? await findSeal(ctx.db, b.id) : undefined;
  if (b.id && !existing) throw notFound('印章不存在');
  const sameName = await sealNamed(ctx.db, b.name);
  if (sameName && sameName.id !== b.id) throw badRequest('已有同名印章', 'name');
  if (!existing && !b.imagePng) throw badRequest('请上传印章图片', 'imagePng');
  const image = b.imagePng ? await checkSealImage(b.imagePng) : null;
  const at = nowIso();
  const fields = {
    name: b.name,
    kind: b.kind,
    dept_code: b.kind === 'dept' ? b.deptCode : null,
    keepers: JSON.stringify([...new Set(b.keepers)]),
    requester_roles: JSON.stringify([...new Set(b.requesterRoles)]),
    requester_depts: JSON.stringify([...new Set(b.requesterDepts)]),
    enabled: b.enabled,
    updated_at: at,
    ...(image ? { image_png: image.png.toString('base64'), width: image.width, height: image.height, bytes: image.png.length } : {}),
  };
  const id = existing?.id ?? newId('SEAL');
  if (existing) await updateSeal(ctx.db, id, fields);
  else if (image)
    await insertSeal(ctx.db, {
      id,
      ...fields,
      image_png: image.png.toString('base64'),
      width: image.width,
      height: image.height,
      bytes: image.png.length,
      created_by: actor,
      created_at: at,
    });
  const [before] = existing ? await itemsOf(ctx, [existing]) : [null];
  const [after] = await itemsOf(ctx, [(await findSeal(ctx.db, id))!]);
  return { id, before: before ?? null, after: after! };
}

export async function useLog(
  ctx: AppContext,
  q: { sealId?: string; pageNumber: number; pageSize: number },
): Promise<{ list: SealUseItem[]; total: number; pageNumber: number; pageSize: number }> {
  const [rows, total, seals] = await Promise.all([
    sealUses(ctx.db, q.sealId, { offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize }),
    countSealUses(ctx.db, q.sealId, COUNT_CAP),
    allSeals(ctx.db),
  ]);
  const [users, serials] = await Promise.all([
    userNames(
      ctx.db,
      rows.map((r) => r.user_code),
    ),
    serialNos(
      ctx.db,
      rows.flatMap((r) => (r.record_id ? [r.record_id] : [])),
    ),
  ]);
  const sealName = new Map(seals.map((s) => [s.id, s.name]));
  const list = rows.map((r) => ({
    id: r.id,
    sealId: r.seal_id,
    sealName: sealName.get(r.seal_id) ?? '',
    userCode: r.user_code,
    userName: users.get(r.user_code) ?? r.user_code,
    usedAt: r.used_at,
    docId: r.doc_id,
    docTitle: r.doc_title,
    recordId: r.record_id,
    recordSerialNo: r.record_id ? (serials.get(r.record_id) ?? null) : null,
    via: r.via === 'application' ? ('application' as const) : ('keeper' as const),
  }));
  return { list, total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function sealPng(ctx: AppContext, id: string): Promise<Buffer> {
  const png = await sealImage(ctx.db, id);
  if (!png) throw notFound('印章不存在');
  return png;
}
