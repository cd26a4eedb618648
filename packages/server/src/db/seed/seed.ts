import { ROLE, ROLE_ADMIN, ROLE_DEFAULT } from '@oa/shared/constants';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { SEPARATED_ADMINS, separatedAdminFunctions } from '@oa/shared/access/three-admins';
import type { Db } from '../database';
import type { FieldKeyring } from '../../lib/field-cipher';
import { nowIso } from '../../lib/time';
import { hashStoredPassword } from '../../core/identity/password';
import { namePinyin } from '../../core/search/pinyin';
import { REGISTER_MODULE_PAGES, SEED_FUNCTIONS } from './functions.data';
import { seedRegisterRows } from './registers.seed';
import { seedApprovalModules } from './approval-modules.seed';
import { seedOffice } from './office.seed';
import { SEED_DEPTS, SEED_USERS, type SeedUser } from './people.data';
import { seedMeetings } from './meetings.seed';
import { seedSubjects } from './subjects.seed';
import { seedNews } from './news.seed';
import { backfillSearchIndex, clearBackfillMarks } from '../../core/search/search-index';
import { seedDocuments } from './documents.seed';
import { seedNotify } from './notify.seed';
import { seedStepStats } from './step-stats.seed';
import { seedDemoTwoFactor } from './two-factor.seed';

export const DEMO_PASSWORD = 'Oa@123456';

const SEED_ROLES: Array<{ code: string; name: string; remark: string }> = [
  { code: ROLE_ADMIN, name: '系统管理员', remark: '三员之一：用户、部门、角色定义、菜单功能、配置、流程与模板（不含授权与审计）' },
  ...SEPARATED_ADMINS.map((a) => ({ code: a.roleCode, name: a.roleName, remark: a.remark })),
  { code: ROLE_DEFAULT, name: '默认角色', remark: '所有用户都具有：首页、个人中心、通讯录、待办消息与日常申请' },
  { code: ROLE.DEPT_LEADER, name: '部门负责人', remark: '审批本部门申请，查看本部门记录' },
  { code: ROLE.WEEKLY_LEADER, name: '周报负责人', remark: '汇编周报' },
  { code: ROLE.DEPT_RECEIPT_LEADER, name: '部门收文负责人', remark: '处理部门收文' },
  { code: ROLE.ADDRESS_VIEWER, name: '通讯录查看', remark: '可查看通讯录中的完整手机号' },
  { code: ROLE.BANK_CARD_VIEWER, name: '银行卡查看', remark: '可查看完整银行卡号' },
  { code: ROLE.LEGAL_REPRESENTATIVE, name: '法定代表人', remark: '法人信息变更审批' },
];

/** Routes every user has through the default role (ARCHITECTURE.md §8, issue 4). */
const DEFAULT_ROLE_ROUTERS = [
  '/dashboard',
  '/cooperationIndex',
  '/workIndex',
  '/mandatoryIndex',
  '/serviceIndex',
  '/personal',
  '/process',
  '/message',
  '/address/detail',
];

/** Registers every user has (issue 6): the bulletin board to read, their own notes, the suggestion box. */
const DEFAULT_ROLE_REGISTER_ROUTERS = ['/bulletinBoard', '/Note', '/Suggestion'];
const DEFAULT_ROLE_REGISTER_PERMISSIONS = [
  'hr_bulletin:read',
  'office_note:read',
  'office_note:create',
  'biz_suggestion:read',
  'biz_suggestion:create',
];
/** Department leaders additionally get the approval keys of every module. */
const LEADER_SUFFIXES = [':approve', ':read'];

async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('sys_user').select('user_code').limit(1).executeTakeFirst();
  return !!row;
}

/** Seeds the demo organisation into an empty database; does nothing when users exist. */
/** `keys`: the data keys the seed encrypts sensitive demo values with (the app's `ctx.fieldKeys`). */
export async function seedDemo(db: Db, opts: { keys: FieldKeyring; extraUsers?: SeedUser[] }): Promise<boolean> {
  if (await isSeeded(db)) return false;
  const at = nowIso();
  const passwordHash = await hashStoredPassword(hashPassword(DEMO_PASSWORD));
  await db.transaction().execute(async (trx) => {
    for (const d of SEED_DEPTS) {
      await trx
        .insertInto('org_dept')
        .values({
          dept_code: d.deptCode,
          dept_name: d.deptName,
          parent_code: d.parentCode,
          sort_no: d.sortNo,
          leader_user_code: d.leaderUserCode,
          created_at: at,
        })
        .execute();
    }
    const users = [...SEED_USERS, ...(opts.extraUsers ?? [])];
    const rows = users.map((u, i) => {
      const py = namePinyin(u.userName);
      return {
        user_code: u.userCode,
        user_name: u.userName,
        password_hash: passwordHash,
        mobile: u.mobile,
        sex: u.sex,
        icon: null,
        email: u.email,
        tel: u.tel,
        room: u.room,
        position: u.position,
        personal_sign: u.personalSign,
        dept_code: u.deptCode,
        status: 'Y' as const,
        password_changed_at: at,
        password_reset: 'N' as const,
        birthday: u.birthday,
        entry_date: u.entryDate,
        pinyin: py.full,
        pinyin_initials: py.initials,
        sort_no: i,
        created_at: at,
        updated_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('sys_user')
        .values(rows.slice(i, i + 200))
        .execute();
    const platformRows = users.flatMap((u) => u.platforms.map((p) => ({ user_code: u.userCode, platform_code: p })));
    for (let i = 0; i < platformRows.length; i += 500)
      await trx
        .insertInto('sys_user_platform')
        .values(platformRows.slice(i, i + 500))
        .execute();
    const roleRows = users.flatMap((u) => u.roles.map((r) => ({ user_code: u.userCode, role_code: r })));
    if (roleRows.length) await trx.insertInto('sys_user_role').values(roleRows).execute();

    await trx
      .insertInto('sys_role')
      .values(
        SEED_ROLES.map((r, i) => ({
          role_code: r.code,
          role_name: r.name,
          remark: r.remark,
          sort_no: i,
          platform_code: '1',
          created_at: at,
        })),
      )
      .execute();

    const fnRows = SEED_FUNCTIONS.map((f) => ({
      fun_code: f.funCode,
      fun_name: f.funName,
      parent_code: f.parentCode,
      router: f.router,
      router_selected: f.routerSelected ?? null,
      sort_no: f.sortNo,
      is_hidden: f.isHidden ?? 'N',
      is_link: f.isLink ?? 'N',
      link_url: f.linkUrl ?? null,
      icon: f.icon ?? null,
      menu_type: f.menuType,
      platform_code: f.platformCode ?? '1',
      no_cache: f.noCache ?? 'N',
    }));
    for (let i = 0; i < fnRows.length; i += 200)
      await trx
        .insertInto('sys_function')
        .values(fnRows.slice(i, i + 200))
        .execute();

    const defaultRouters = [...DEFAULT_ROLE_ROUTERS, ...DEFAULT_ROLE_REGISTER_ROUTERS];
    const defaultPerms = DEFAULT_ROLE_REGISTER_PERMISSIONS;
    const defaults = SEED_FUNCTIONS.filter((f) => (f.router && defaultRouters.includes(f.router)) || defaultPerms.includes(f.funCode)).map(
      (f) => f.funCode,
    );
    // registers (staff files, fees…) are not opened to leaders by the approval keys
    const isRegisterKey = (code: string) => REGISTER_MODULE_PAGES.includes(code.split(':')[0]);
    const leader = SEED_FUNCTIONS.filter((f) => LEADER_SUFFIXES.some((s) => f.funCode.endsWith(s)) && !isRegisterKey(f.funCode)).map(
      (f) => f.funCode,
    );
    const grants = [
      ...defaults.map((fun_code) => ({ role_code: ROLE_DEFAULT, fun_code })),
      ...leader.map((fun_code) => ({ role_code: ROLE.DEPT_LEADER, fun_code })),
      ...SEPARATED_ADMINS.flatMap((a) => separatedAdminFunctions(a).map((fun_code) => ({ role_code: a.roleCode, fun_code }))),
    ];
    if (grants.length) await trx.insertInto('sys_role_function').values(grants).execute();
    await seedRegisterRows(trx, at);
    await seedApprovalModules(trx, SEED_FUNCTIONS, at);
    await seedMeetings(trx, at);
    await seedSubjects(trx, SEED_FUNCTIONS, passwordHash, at, opts.keys);
    await seedOffice(trx, at, opts.keys);
    await seedDemoTwoFactor(trx, opts.keys, at);
    await seedNews(trx, at);
    await seedDocuments(trx, SEED_FUNCTIONS, at);
    await seedNotify(trx, at);
    await seedStepStats(trx, at);
  });
  await backfillSearchIndex(db);
  // the seed wrote articles and topics without their services: the next start indexes them (news, spaces)
  await clearBackfillMarks(db);
  return true;
}
