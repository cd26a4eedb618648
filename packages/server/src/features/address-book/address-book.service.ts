import type { Paged } from '@oa/shared/contract/envelope';
import type { AddressDept, AddressMember, BusinessCard, DeptBrief, UserBasic } from '@oa/shared/contract/people';
import { PLATFORM } from '@oa/shared/constants';
import type { AppContext } from '../../core/context';
import { seesAllMobiles, visibleMobile, type Viewer } from '../../core/access/visibility';
import { notFound } from '../../lib/errors';
import * as repo from './address-book.repository';
import { directoryOf, type Directory, type DirectoryMember } from './address-book.directory';
import { byDept, membersMatching } from './address-book.keyword-index';

const toMember = (v: Viewer, r: repo.MemberRow): AddressMember => ({
  users: { sex: r.sex, icon: r.icon },
  usersDeptMember: { userName: r.user_name, userCode: r.user_code, position: r.position },
  usersContactInfo: { room: r.room, tel: r.tel, email: r.email, mobile: visibleMobile(v, r.user_code, r.mobile) },
});

const toCard = (v: Viewer, r: repo.MemberRow): BusinessCard => ({
  users: { userCode: r.user_code, userName: r.user_name, icon: r.icon, sex: r.sex, position: r.position },
  usersContactInfo: {
    tel: r.tel,
    mobile: visibleMobile(v, r.user_code, r.mobile),
    email: r.email,
    room: r.room,
    personalSign: r.personal_sign,
  },
  usersDepartment: { deptCode: r.dept_code, deptName: r.dept_name },
});

/**
 * The directory's members matching a keyword (all without one; found by the keyword index, kept per keyword), of
 * one department when `deptCode` is given ('' or null: without one).
 */
function matching(dir: Directory, viewer: Viewer, keyword: string, deptCode?: string | null): readonly DirectoryMember[] {
  const found = membersMatching(dir, keyword, seesAllMobiles(viewer)) ?? dir.members;
  if (deptCode === undefined) return found;
  return byDept(found).byCode.get(deptCode || null) ?? [];
}

/** Departments in order, each with its members; a keyword hides those without a match; '' for members without one. */
function grouped(
  dir: Directory,
  members: readonly DirectoryMember[],
  searching: boolean,
): Array<{ dept: { code: string; name: string }; members: readonly DirectoryMember[] }> {
  const { byKey } = byDept(members);
  const out = dir.depts
    .map((d) => ({ dept: { code: d.dept_code, name: d.dept_name }, members: byKey.get(d.dept_code) ?? [] }))
    .filter((g) => !searching || g.members.length > 0);
  const loose = byKey.get('');
  if (loose?.length) out.push({ dept: { code: '', name: '未分配部门' }, members: loose });
  return out;
}

/**
 * The address book: departments in order, each with its active members. With a keyword (name, pinyin
 * initials or full pinyin, telephone, room; mobile only for viewers who see mobiles) departments without
 * a match are hidden; without one every department shows, top-level ones and empty ones included (spec §5).
 * Only users of the platform ('1': OA) are listed. Read from the directory in memory (address-book.directory.ts);
 * `brief`: each department with how many members match instead of the members. Every reader here takes the
 * directory version the request read with its session check (`version`; read again when not given).
 */
export function groupsOf(dir: Directory, viewer: Viewer, keyword: string, brief = false): AddressDept[] {
  return grouped(dir, matching(dir, viewer, keyword), keyword.trim() !== '').map((g) => ({
    deptCode: g.dept.code,
    deptName: g.dept.name,
    ...(brief ? { member: [], memberCount: g.members.length } : { member: g.members.map((m) => toMember(viewer, m.row)) }),
  }));
}

export async function addressBookList(
  ctx: AppContext,
  viewer: Viewer,
  keyword: string,
  platformCode: string = PLATFORM.OA,
  version?: number,
): Promise<AddressDept[]> {
  return groupsOf(await directoryOf(ctx, platformCode, version), viewer, keyword);
}

/**
 * The address book's first screen: departments in order with how many members match (no members). Like
 * addressBookList, a keyword hides departments without a match; members come by `membersPage`.
 */
export async function addressBookBrief(
  ctx: AppContext,
  viewer: Viewer,
  keyword: string,
  platformCode: string = PLATFORM.OA,
  version?: number,
): Promise<AddressDept[]> {
  return groupsOf(await directoryOf(ctx, platformCode, version), viewer, keyword, true);
}

/** One page of a department's matching members ('' for members without a department). */
export async function membersPage(
  ctx: AppContext,
  viewer: Viewer,
  q: { deptCode: string; keyword: string; platformCode?: string; pageNumber: number; pageSize: number },
  version?: number,
): Promise<Paged<AddressMember>> {
  const dir = await directoryOf(ctx, q.platformCode || PLATFORM.OA, version);
  const found = matching(dir, viewer, q.keyword, q.deptCode);
  const start = (q.pageNumber - 1) * q.pageSize;
  return {
    list: found.slice(start, start + q.pageSize).map((m) => toMember(viewer, m.row)),
    total: found.length,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}

/** Departments with their parents and how many OA members each has (the people picker). */
export async function departments(ctx: AppContext, version?: number): Promise<DeptBrief[]> {
  const dir = await directoryOf(ctx, PLATFORM.OA, version);
  const { byCode } = byDept(dir.members);
  return dir.depts.map((d) => ({
    deptCode: d.dept_code,
    deptName: d.dept_name,
    parentCode: d.parent_code,
    memberCount: (d.dept_code && byCode.get(d.dept_code)?.length) || 0,
  }));
}

export async function membersOfDept(ctx: AppContext, viewer: Viewer, deptCode: string, version?: number): Promise<AddressMember[]> {
  const dir = await directoryOf(ctx, PLATFORM.OA, version);
  return matching(dir, viewer, '', deptCode).map((m) => toMember(viewer, m.row));
}

export async function usersBasic(
  ctx: AppContext,
  viewer: Viewer,
  q: { keyword: string; deptCode?: string },
  version?: number,
): Promise<UserBasic[]> {
  const dir = await directoryOf(ctx, PLATFORM.OA, version);
  return matching(dir, viewer, q.keyword, q.deptCode || undefined).map(({ row: r }) => ({
    userCode: r.user_code,
    userName: r.user_name,
    deptCode: r.dept_code,
    deptName: r.dept_name,
    sex: r.sex,
    icon: r.icon,
    position: r.position,
  }));
}

/** One person's card; 404 for an unknown or disabled account. */
export async function card(ctx: AppContext, viewer: Viewer, userCode: string): Promise<BusinessCard> {
  const row = await repo.findMember(ctx.db, userCode);
  if (!row) throw notFound('该用户不存在或已停用');
  return toCard(viewer, row);
}
