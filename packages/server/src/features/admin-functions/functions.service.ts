import { inChange } from '../../core/audit';
import type { z } from 'zod';
import type { FunctionItem } from '@oa/shared/contract/auth';
import type { functionCreateBody, functionSortBody } from '@oa/shared/contract/admin-roles';
import type { Db } from '../../db/database';
import { bizError, notFound } from '../../lib/errors';
import { toFunctionItem } from '../../core/identity/identity.repository';
import { bumpMenuVersion } from '../../core/identity/menu-version';
import * as repo from './functions.repository';

/** The function tree of one platform ('1' OA on /function, '4' member platform on /memberFunction). */
export type Platform = '1' | '4';
type FunctionInput = z.output<typeof functionCreateBody>;

export async function listFunctions(db: Db, platform: Platform): Promise<FunctionItem[]> {
  return (await repo.listFunctions(db, platform)).map(toFunctionItem);
}

async function functionOf(db: Db, platform: Platform, funCode: string) {
  const f = await repo.findFunction(db, funCode);
  if (!f || f.platform_code !== platform) throw notFound(`功能不存在：${funCode}`);
  return f;
}

/** The parent must be a folder or page of the same platform, and not the function itself or below it. */
async function checkParent(db: Db, platform: Platform, funCode: string, parentCode: string | null): Promise<void> {
  if (!parentCode) return;
  if (parentCode === funCode) throw bizError('上级功能不能是它自己');
  const all = await repo.listFunctions(db, platform);
  const byCode = new Map(all.map((f) => [f.fun_code, f]));
  const parent = byCode.get(parentCode);
  if (!parent) throw bizError(`上级功能不存在：${parentCode}`);
  if (parent.menu_type === '2') throw bizError('按钮/权限不能包含下级功能');
  const seen = new Set<string>();
  for (let cur: string | null = parentCode; cur && !seen.has(cur); cur = byCode.get(cur)?.parent_code ?? null) {
    if (cur === funCode) throw bizError('不能把功能移动到它自己的下级之下');
    seen.add(cur);
  }
}

const columns = (b: FunctionInput) => ({
  fun_name: b.funName,
  parent_code: b.parentCode,
  router: b.menuType === '0' ? null : b.router,
  router_selected: b.routerSelected,
  sort_no: b.sortNo,
  is_hidden: b.isHidden,
  is_link: b.isLink,
  link_url: b.isLink === 'Y' ? b.linkUrl : null,
  icon: b.icon,
  menu_type: b.menuType,
  no_cache: b.noCache,
});

function checkFields(b: FunctionInput): void {
  if (b.menuType === '1' && !b.router && b.isLink !== 'Y') throw bizError('页面类型的功能请填写路由');
  if (b.isLink === 'Y' && !b.linkUrl) throw bizError('外链功能请填写外链地址');
}

export async function createFunction(db: Db, platform: Platform, b: FunctionInput): Promise<void> {
  checkFields(b);
  await inChange(db, async (trx) => {
    if (await repo.findFunction(trx, b.funCode)) throw bizError(`功能编码「${b.funCode}」已存在`);
    await checkParent(trx, platform, b.funCode, b.parentCode);
    await repo.insertFunction(trx, { fun_code: b.funCode, platform_code: platform, ...columns(b) });
    await bumpMenuVersion(trx);
  });
}

export async function updateFunction(db: Db, platform: Platform, b: FunctionInput): Promise<void> {
  checkFields(b);
  await inChange(db, async (trx) => {
    await functionOf(trx, platform, b.funCode);
    await checkParent(trx, platform, b.funCode, b.parentCode);
    if (b.menuType === '2' && (await repo.countChildren(trx, b.funCode)) > 0) throw bizError('该功能有下级功能，不能改为按钮/权限');
    await repo.updateFunction(trx, b.funCode, columns(b));
    await bumpMenuVersion(trx);
  });
}

/** Refused while the function has children; its grants go with it, in one transaction. */
export async function deleteFunction(db: Db, platform: Platform, funCode: string): Promise<{ name: string; grants: number }> {
  return inChange(db, async (trx) => {
    const f = await functionOf(trx, platform, funCode);
    const children = await repo.countChildren(trx, funCode);
    if (children > 0) throw bizError(`功能「${f.fun_name}」下还有 ${children} 个下级功能，请先删除或移走下级功能`);
    const grants = await repo.countGrants(trx, funCode);
    await repo.deleteFunction(trx, funCode);
    await bumpMenuVersion(trx);
    return { name: f.fun_name, grants };
  });
}

/** Drag to reorder: puts `funCodes` under `parentCode` in this order (sortNo 10, 20, …). */
export async function sortFunctions(db: Db, platform: Platform, b: z.output<typeof functionSortBody>): Promise<void> {
  const codes = [...new Set(b.funCodes)];
  await inChange(db, async (trx) => {
    for (const c of codes) {
      await functionOf(trx, platform, c);
      await checkParent(trx, platform, c, b.parentCode);
    }
    for (const [i, c] of codes.entries()) await repo.placeFunction(trx, c, b.parentCode, (i + 1) * 10);
    await bumpMenuVersion(trx);
  });
}
