import { ROLE } from '@oa/shared/constants';
import type { Paged } from '@oa/shared/contract/envelope';
import type {
  LeaveBalance, PassportBookBody, PassportBookItem, PublishedBriefing, RewardRate, RewardRateBody, SuppliesItem, SuppliesItemBody,
} from '@oa/shared/contract/approval-extras';
import type { Db } from '../../db/database';
import type { PassportBookTable, RewardRateTable, SuppliesItemTable } from '../../db/migrations/006-approval-extras';
import { annualLeaveOf, annualLeaveOfMany } from '../../core/annual-leave';
import { bizError, badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './approval-extras.repository';

/** The rules of the side tables of the approval modules (issue 6). */

export interface Viewer { userCode: string; roleCodes: readonly string[]; isAdmin: boolean; manage: boolean }

const nullable = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

// ---------------------------------------------------------------- reward rates
const toRate = (r: RewardRateTable): RewardRate => ({
  id: r.id, serviceKind: r.service_kind, payeeTitle: r.payee_title, unit: r.unit, rate: Number(r.rate), maxUnits: r.max_units === null ? null : Number(r.max_units),
  remark: r.remark, enabled: r.enabled === 'Y', updatedBy: r.updated_by, updatedAt: r.updated_at,
});
export const listRates = async (db: Db) => (await repo.listRates(db)).map(toRate);
export async function getRate(db: Db, id: string): Promise<RewardRate> {
  const r = await repo.findRate(db, id);
  if (!r) throw notFound('劳务费标准不存在');
  return toRate(r);
}
export async function saveRate(db: Db, userCode: string, b: RewardRateBody): Promise<RewardRate> {
  const dup = await repo.findRateByKey(db, b.serviceKind, b.payeeTitle);
  if (dup && dup.id !== b.id) throw badRequest(`「${b.serviceKind}·${b.payeeTitle}」的标准已存在，请直接修改`, 'payeeTitle');
  const row = {
    service_kind: b.serviceKind, payee_title: b.payeeTitle, unit: b.unit, rate: b.rate, max_units: b.maxUnits ?? null,
    remark: nullable(b.remark), enabled: b.enabled ? 'Y' as const : 'N' as const, updated_by: userCode, updated_at: nowIso(),
  };
  if (b.id) {
    if (Number((await repo.updateRate(db, b.id, row)).numUpdatedRows) !== 1) throw notFound('劳务费标准不存在');
    return getRate(db, b.id);
  }
  const id = repo.newId('RR');
  await repo.insertRate(db, { id, ...row });
  return getRate(db, id);
}
export async function removeRate(db: Db, id: string): Promise<void> {
  if (Number((await repo.deleteRate(db, id)).numDeletedRows) !== 1) throw notFound('劳务费标准不存在');
}

// ---------------------------------------------------------------- supplies
const toSupply = (r: SuppliesItemTable): SuppliesItem => ({
  id: r.id, name: r.name, spec: r.spec, unit: r.unit, stock: Number(r.stock), warnLevel: Number(r.warn_level),
  low: Number(r.stock) <= Number(r.warn_level), remark: r.remark, updatedAt: r.updated_at,
});
export const listSupplies = async (db: Db, keyword?: string) => (await repo.listSupplies(db, keyword)).map(toSupply);
async function getSupply(db: Db, id: string): Promise<SuppliesItem> {
  const r = await repo.findSupply(db, id);
  if (!r) throw notFound('物品不存在');
  return toSupply(r);
}
export async function saveSupply(db: Db, b: SuppliesItemBody): Promise<SuppliesItem> {
  const dup = await repo.findSupplyByName(db, b.name);
  if (dup && dup.id !== b.id) throw badRequest(`物品「${b.name}」已存在`, 'name');
  const row = { name: b.name, spec: nullable(b.spec), unit: b.unit, stock: b.stock, warn_level: b.warnLevel, remark: nullable(b.remark), updated_at: nowIso() };
  if (b.id) {
    if (Number((await repo.updateSupply(db, b.id, row)).numUpdatedRows) !== 1) throw notFound('物品不存在');
    return getSupply(db, b.id);
  }
  const id = repo.newId('SI');
  await repo.insertSupply(db, { id, ...row });
  return getSupply(db, id);
}
export async function stockIn(db: Db, id: string, quantity: number): Promise<SuppliesItem> {
  if (Number((await repo.addStock(db, id, quantity, nowIso())).numUpdatedRows) !== 1) throw notFound('物品不存在');
  return getSupply(db, id);
}
export async function removeSupply(db: Db, id: string): Promise<void> {
  if (Number((await repo.deleteSupply(db, id)).numDeletedRows) !== 1) throw notFound('物品不存在');
}

// ---------------------------------------------------------------- passports
const SOON_MS = 180 * 86_400_000;
const toPassport = (r: PassportBookTable): PassportBookItem => ({
  id: r.id, holderName: r.holder_name, holderCode: r.holder_code, passportKind: r.passport_kind, passportNo: r.passport_no,
  issueDate: r.issue_date, expiryDate: r.expiry_date, status: r.status === 'out' ? 'out' : 'in', recordId: r.record_id,
  expiringSoon: !!r.expiry_date && Date.parse(`${r.expiry_date}T00:00:00Z`) - Date.now() < SOON_MS, remark: r.remark, updatedAt: r.updated_at,
});
/** Managers see the whole register; others their own passports. */
export const listPassports = async (db: Db, v: Viewer) => (await repo.listPassports(db, v.manage ? undefined : v.userCode)).map(toPassport);
export async function savePassport(db: Db, b: PassportBookBody): Promise<PassportBookItem> {
  const dup = await repo.findPassportByNo(db, b.passportNo);
  if (dup && dup.id !== b.id) throw badRequest('该证件号码已登记', 'passportNo');
  const row = {
    holder_name: b.holderName, holder_code: nullable(b.holderCode), passport_kind: b.passportKind, passport_no: b.passportNo,
    issue_date: b.issueDate ?? null, expiry_date: b.expiryDate ?? null, remark: nullable(b.remark), updated_at: nowIso(),
  };
  const id = b.id ?? repo.newId('PB');
  if (b.id) {
    if (Number((await repo.updatePassport(db, b.id, row)).numUpdatedRows) !== 1) throw notFound('证件不存在');
  } else {
    await repo.insertPassport(db, { id, ...row, status: 'in', record_id: null });
  }
  return toPassport((await repo.findPassport(db, id))!);
}
export async function removePassport(db: Db, id: string): Promise<void> {
  const row = await repo.findPassport(db, id);
  if (!row) throw notFound('证件不存在');
  if (Number((await repo.deletePassport(db, id)).numDeletedRows) !== 1) throw bizError('证件借出中，归还后才能删除');
}

// ---------------------------------------------------------------- annual leave
const thisYear = () => new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
export async function myLeave(db: Db, userCode: string, year = thisYear()): Promise<LeaveBalance> {
  const u = await repo.findUserBrief(db, userCode);
  if (!u) throw notFound();
  return { userCode, userName: u.user_name, deptName: u.dept_name, entryDate: u.entry_date, year, ...(await annualLeaveOf(db, userCode, year)) };
}
export async function allLeave(db: Db, year = thisYear(), keyword?: string): Promise<LeaveBalance[]> {
  const users = await repo.activeUsers(db, keyword);
  const map = await annualLeaveOfMany(db, users.map((u) => ({ userCode: u.user_code, entryDate: u.entry_date })), year);
  return users.map((u) => ({ userCode: u.user_code, userName: u.user_name, deptName: u.dept_name, entryDate: u.entry_date, year, ...map.get(u.user_code)! }));
}

// ---------------------------------------------------------------- published briefings
function toBriefing(r: Awaited<ReturnType<typeof repo.approvedBriefings>>[number]): PublishedBriefing & { scope: string | null } {
  let d: Record<string, unknown> = {};
  try { d = JSON.parse(r.data) as Record<string, unknown>; } catch { /* empty */ }
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
  const files = Array.isArray(d.files) ? (d.files as Array<{ fileId: string; fileName: string }>).map((f) => ({ fileId: f.fileId, fileName: f.fileName })) : [];
  return {
    id: r.id, serialNo: r.serial_no, title: s('title') ?? r.title, issueNo: s('issueNo'), category: s('category'), briefDate: s('briefDate'),
    deptName: r.dept_name, applicantName: r.applicant_name, summary: s('summary'), content: s('content'), files, publishedAt: r.finished_at, scope: s('scope'),
  };
}
const visibleTo = (v: Viewer) => (b: { scope: string | null }) => b.scope !== '部门负责人及以上' || v.isAdmin || v.roleCodes.includes(ROLE.DEPT_LEADER);

export async function publishedBriefings(db: Db, v: Viewer, q: { pageNumber: number; pageSize: number; keyword?: string; category?: string }): Promise<Paged<PublishedBriefing>> {
  const k = q.keyword?.trim();
  const all = (await repo.approvedBriefings(db)).map(toBriefing).filter(visibleTo(v))
    .filter((b) => (!k || b.title.includes(k) || (b.summary ?? '').includes(k)) && (!q.category || b.category === q.category));
  const page = all.slice((q.pageNumber - 1) * q.pageSize, q.pageNumber * q.pageSize).map(({ scope: _s, content: _c, ...b }) => ({ ...b, content: null }));
  return { list: page, total: all.length, pageNumber: q.pageNumber, pageSize: q.pageSize };
}
export async function publishedBriefing(db: Db, v: Viewer, id: string): Promise<PublishedBriefing> {
  const found = (await repo.approvedBriefings(db)).map(toBriefing).find((b) => b.id === id);
  if (!found || !visibleTo(v)(found)) throw notFound('简报不存在或尚未发布');
  const { scope: _s, ...b } = found;
  return b;
}
