import type { Paged } from '@oa/shared/contract/envelope';
import type { AddressDept, AddressMember, BusinessCard, DeptBrief, UserBasic } from '@oa/shared/contract/people';
import { PLATFORM } from '@oa/shared/constants';
import type { AppContext } from '../../core/context';
import { seesAllMobiles, visibleMobile, type Viewer } from '../../core/visibility';
import { notFound } from '../../lib/errors';
import * as repo from './address-book.repository';

const toMember = (v: Viewer, r: repo.MemberRow): AddressMember => ({
  users: { sex: r.sex, icon: r.icon },
  usersDeptMember: { userName: r.user_name, userCode: r.user_code, position: r.position },
  usersContactInfo: { room: r.room, tel: r.tel, email: r.email, mobile: visibleMobile(v, r.user_code, r.mobile) },
});

export const toCard = (v: Viewer, r: repo.MemberRow): BusinessCard => ({
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
 * The address book: departments in order, each with its active members. With a keyword (name, pinyin
 * initials or full pinyin, telephone, room; mobile only for viewers who see mobiles) departments without
 * a match are hidden; without one every department shows, top-level ones and empty ones included (spec §5).
 * Only users of the platform ('1': OA) are listed.
 */
export async function addressBookList(
  ctx: AppContext,
  viewer: Viewer,
  keyword: string,
  platformCode: string = PLATFORM.OA,
): Promise<AddressDept[]> {
  const [depts, rows] = await Promise.all([
    repo.listDepts(ctx.db),
    repo.findMembers(ctx.db, ctx.dialect, { keyword, matchMobile: seesAllMobiles(viewer), platformCode }),
  ]);
  const byDept = new Map<string, AddressMember[]>();
  for (const r of rows) {
    const key = r.dept_code ?? '';
    const list = byDept.get(key);
    if (list) list.push(toMember(viewer, r));
    else byDept.set(key, [toMember(viewer, r)]);
  }
  const searching = keyword.trim() !== '';
  const out: AddressDept[] = [];
  for (const d of depts) {
    const member = byDept.get(d.dept_code) ?? [];
    if (member.length === 0 && searching) continue;
    out.push({ deptCode: d.dept_code, deptName: d.dept_name, member });
  }
  const loose = byDept.get('');
  if (loose?.length) out.push({ deptCode: '', deptName: '未分配部门', member: loose });
  return out;
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
): Promise<AddressDept[]> {
  const [depts, { counts, capped }] = await Promise.all([
    repo.listDepts(ctx.db),
    repo.countMembersPerDept(ctx.db, ctx.dialect, { keyword, matchMobile: seesAllMobiles(viewer), platformCode }),
  ]);
  const searching = keyword.trim() !== '';
  // beyond COUNT_CAP members the counts are lower bounds, and a department not reached may still have members
  const flag = capped ? { memberCountCapped: true } : {};
  const out: AddressDept[] = depts
    .map((d) => ({ deptCode: d.dept_code, deptName: d.dept_name, member: [], memberCount: counts.get(d.dept_code) ?? 0, ...flag }))
    .filter((d) => capped || !searching || d.memberCount > 0);
  const loose = counts.get('') ?? 0;
  if (loose) out.push({ deptCode: '', deptName: '未分配部门', member: [], memberCount: loose, ...flag });
  return out;
}

/** One page of a department's matching members ('' for members without a department). */
export async function membersPage(
  ctx: AppContext,
  viewer: Viewer,
  q: { deptCode: string; keyword: string; platformCode?: string; pageNumber: number; pageSize: number },
): Promise<Paged<AddressMember>> {
  const f = {
    keyword: q.keyword,
    matchMobile: seesAllMobiles(viewer),
    deptCode: q.deptCode || null,
    platformCode: q.platformCode || PLATFORM.OA,
  };
  const [rows, counted] = await Promise.all([
    repo.findMembers(ctx.db, ctx.dialect, f, { offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize }),
    repo.countMembers(ctx.db, ctx.dialect, f),
  ]);
  return { list: rows.map((r) => toMember(viewer, r)), ...counted, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function departments(ctx: AppContext): Promise<DeptBrief[]> {
  const [depts, counts] = await Promise.all([repo.listDepts(ctx.db), repo.countMembersByDept(ctx.db)]);
  return depts.map((d) => ({
    deptCode: d.dept_code,
    deptName: d.dept_name,
    parentCode: d.parent_code,
    memberCount: counts.get(d.dept_code) ?? 0,
  }));
}

export async function membersOfDept(ctx: AppContext, viewer: Viewer, deptCode: string): Promise<AddressMember[]> {
  const rows = await repo.findMembers(ctx.db, ctx.dialect, { keyword: '', matchMobile: false, deptCode, platformCode: PLATFORM.OA });
  return rows.map((r) => toMember(viewer, r));
}

export async function usersBasic(ctx: AppContext, viewer: Viewer, q: { keyword: string; deptCode?: string }): Promise<UserBasic[]> {
  const rows = await repo.findMembers(ctx.db, ctx.dialect, {
    keyword: q.keyword,
    matchMobile: seesAllMobiles(viewer),
    deptCode: q.deptCode,
    platformCode: PLATFORM.OA,
  });
  return rows.map((r) => ({
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
  const [row] = await repo.findMembers(ctx.db, ctx.dialect, { keyword: '', matchMobile: false, userCode });
  if (!row) throw notFound('该用户不存在或已停用');
  return toCard(viewer, row);
}
