import { ROLE, ROLE_ADMIN, ROLE_DEFAULT } from '@oa/shared/constants';
import { SEPARATED_ADMINS, separatedAdminFunctions } from '@oa/shared/access/three-admins';
import type { Db } from '../database';
import { nowIso } from '../../lib/time';
import { backfillSearchIndex } from '../../core/search/search-index';
import { REGISTER_MODULE_PAGES, SEED_FUNCTIONS } from './functions.data';
import { seedRegisterRows } from './registers.seed';
import { seedApprovalStructure } from './approval-modules.seed';
import { seedMeetingGrants } from './meetings.seed';
import { seedSubjectsStructure } from './subjects.seed';
import { seedOfficeStructure } from './office.seed';
import { seedTwoFactorRoles } from './two-factor.seed';
import { seedNewsGrants } from './news.seed';
import { seedDocumentsStructure } from './documents.structure';

/**
 * The structure every installation needs, demo or not: the functions and menus, the built-in roles (the three
 * administrators' among them) with their grants, the two-factor requirement of the administrator roles, the default
 * process definitions, document types, the weekly report's columns and the personnel-dynamics types. No person: the
 * administrators come from `npm run admin:init` (core/identity/initial-admins.ts), the demo people from seed.ts.
 */
export const SEED_ROLES: ReadonlyArray<{ code: string; name: string; remark: string }> = [
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

/** Whether the database has its structure: the menu's root folder (as the migrations ask, migration-kit.ts). */
export async function hasStructure(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('sys_function').select('fun_code').where('fun_code', '=', 'sys').executeTakeFirst());
}

async function writeRolesAndFunctions(trx: Db, at: string): Promise<void> {
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
  const defaults = SEED_FUNCTIONS.filter(
    (f) => (f.router && defaultRouters.includes(f.router)) || DEFAULT_ROLE_REGISTER_PERMISSIONS.includes(f.funCode),
  ).map((f) => f.funCode);
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
}

/** Writes the structure into a database that has none (one transaction); does nothing when it is there. */
export async function seedStructure(db: Db): Promise<boolean> {
  if (await hasStructure(db)) return false;
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await writeRolesAndFunctions(trx, at);
    await seedRegisterRows(trx, at);
    await seedApprovalStructure(trx, SEED_FUNCTIONS, at);
    await seedMeetingGrants(trx);
    await seedSubjectsStructure(trx, SEED_FUNCTIONS, at);
    await seedOfficeStructure(trx, at);
    await seedTwoFactorRoles(trx, at);
    await seedNewsGrants(trx);
    await seedDocumentsStructure(trx, SEED_FUNCTIONS, at);
  });
  await backfillSearchIndex(db); // the personnel-dynamics types, written without their service
  return true;
}
