import { randomBytes } from 'node:crypto';
import { ROLE, ROLE_DEFAULT } from '@oa/shared/constants';
import { APPROVAL_MODULE_CODES } from '@oa/shared/modules/approval-codes';
import { ENGINE_MODULES } from '@oa/shared/modules/registry';
import { APPROVAL_FLOWS } from './approval-flows.data';
import { modulePageGrants } from './module-functions';
import type { SeedFunction } from './seed-function';
import type { Db } from '../database';

/**
 * Seed of the approval modules of issue 6. Structure (every installation): grants and the default process
 * definitions. Demo: the reward rate table, the office supplies stock and the passport custody register.
 */

/** The legal representative reviews legal-entity changes. */
const LEGAL_ROUTERS = ['/seniorPreview', '/legalInfo', '/legalPreview'];
const APPROVAL_DEFAULT_PERMISSIONS = APPROVAL_MODULE_CODES.flatMap((m) => [`${m}:create`, `${m}:read`]);

/**
 * [role, funCode] grants of the approval modules: every member files and reads them (their list, forms and
 * details, `:create`, `:read`); department leaders get the pages their declarations grant them (the
 * sign-off desk, …); managers' pages (`:manage`) stay with administrators.
 */
export function approvalGrants(functions: readonly SeedFunction[]): Array<{ role_code: string; fun_code: string }> {
  const byRouter = (routers: readonly string[]) => functions.filter((f) => f.router && routers.includes(f.router)).map((f) => f.funCode);
  const perms = functions.filter((f) => APPROVAL_DEFAULT_PERMISSIONS.includes(f.funCode)).map((f) => f.funCode);
  const pages = modulePageGrants(ENGINE_MODULES.filter((m) => m.kind === 'approval'));
  return [
    ...[...pages.all, ...perms].map((fun_code) => ({ role_code: ROLE_DEFAULT, fun_code })),
    ...pages.leaders.map((fun_code) => ({ role_code: ROLE.DEPT_LEADER, fun_code })),
    ...[...byRouter(LEGAL_ROUTERS), 'oa_legal:read', 'oa_legal:approve'].map((fun_code) => ({
      role_code: ROLE.LEGAL_REPRESENTATIVE,
      fun_code,
    })),
  ];
}

const id = (p: string) => `${p}${randomBytes(8).toString('hex')}`;

/** [kind, title, unit, rate, maxUnits] — a demo rate table after common association practice. */
const RATES: Array<[string, string, string, number, number | null]> = [
  ['评审费', '院士', '天', 3000, 10],
  ['评审费', '正高级', '天', 1500, 10],
  ['评审费', '副高级', '天', 1000, 10],
  ['评审费', '中级', '天', 600, 10],
  ['评审费', '初级及以下', '天', 400, 10],
  ['讲课费', '院士', '小时', 1500, 8],
  ['讲课费', '正高级', '小时', 1000, 8],
  ['讲课费', '副高级', '小时', 600, 8],
  ['讲课费', '中级', '小时', 400, 8],
  ['咨询费', '正高级', '半天', 1200, 20],
  ['咨询费', '副高级', '半天', 800, 20],
  ['咨询费', '中级', '半天', 500, 20],
  ['稿费', '正高级', '千字', 300, 100],
  ['稿费', '副高级', '千字', 200, 100],
  ['稿费', '中级', '千字', 150, 100],
  ['翻译费', '中级', '千字', 200, 200],
  ['其他劳务', '初级及以下', '天', 300, 30],
];

/** [name, spec, unit, stock, warnLevel] */
const SUPPLIES: Array<[string, string | null, string, number, number]> = [
  ['A4打印纸', '70g 500张/包', '包', 60, 10],
  ['中性笔', '0.5mm 黑色', '支', 200, 30],
  ['笔记本', 'B5 60页', '本', 80, 15],
  ['文件夹', 'A4 单夹', '个', 45, 10],
  ['订书机', '12号', '个', 8, 3],
  ['订书钉', '24/6', '盒', 30, 5],
  ['墨盒', 'HP 803 黑色', '个', 3, 5],
  ['档案盒', 'A4 5cm', '个', 40, 10],
  ['便利贴', '76×76mm', '本', 25, 10],
  ['U盘', '64GB', '个', 6, 3],
];

/** [holderName, holderCode, kind, number, issueDate, expiryDate] */
const PASSPORTS: Array<[string, string | null, string, string, string, string]> = [
  ['刘小雨', 'staff', '因公普通护照', 'PE1234567', '2022-03-10', '2027-03-09'],
  ['王建国', 'leader', '因公普通护照', 'PE2345678', '2021-06-01', '2026-05-31'],
  ['张伟', 'zhangwei', '因公普通护照', 'PE3456789', '2023-09-15', '2028-09-14'],
  ['唐国华', 'tangguohua', '因公普通护照', 'PE4567890', '2024-01-20', '2029-01-19'],
  ['唐国华', 'tangguohua', '往来港澳通行证', 'CA1234567', '2023-05-05', '2033-05-04'],
];

/** The approval modules' grants and default processes, in the structure seed's transaction. */
export async function seedApprovalStructure(trx: Db, functions: readonly SeedFunction[], at: string): Promise<void> {
  const existing = new Set(
    (await trx.selectFrom('sys_role_function').select(['role_code', 'fun_code']).execute()).map((r) => `${r.role_code}|${r.fun_code}`),
  );
  const known = new Set(functions.map((f) => f.funCode));
  const grants = approvalGrants(functions).filter((g) => known.has(g.fun_code) && !existing.has(`${g.role_code}|${g.fun_code}`));
  const unique = [...new Map(grants.map((g) => [`${g.role_code}|${g.fun_code}`, g])).values()];
  if (unique.length) await trx.insertInto('sys_role_function').values(unique).execute();

  const bound = new Set(
    (await trx.selectFrom('wf_definition').select('module_code').where('status', '=', 'published').execute()).map((r) => r.module_code),
  );
  for (const def of APPROVAL_FLOWS.filter((d) => !bound.has(d.moduleCode))) {
    await trx
      .insertInto('wf_definition')
      .values({
        id: id('D'),
        module_code: def.moduleCode,
        dept_code: null,
        name: def.name,
        version: 1,
        status: 'published',
        body: JSON.stringify(def),
        created_by: 'admin',
        created_at: at,
        updated_at: at,
        published_at: at,
      })
      .execute();
  }
}

/** The demo's rate table, supplies stock and passports, in the demo seed's transaction. */
export async function seedApprovalDemo(trx: Db, at: string): Promise<void> {
  await trx
    .insertInto('oa_reward_rate')
    .values(
      RATES.map(([kind, title, unit, rate, maxUnits]) => ({
        id: id('RR'),
        service_kind: kind,
        payee_title: title,
        unit,
        rate,
        max_units: maxUnits,
        remark: null,
        enabled: 'Y' as const,
        updated_by: 'admin',
        updated_at: at,
      })),
    )
    .execute();
  await trx
    .insertInto('oa_supplies_item')
    .values(
      SUPPLIES.map(([name, spec, unit, stock, warn]) => ({
        id: id('SI'),
        name,
        spec,
        unit,
        stock,
        warn_level: warn,
        remark: null,
        updated_at: at,
      })),
    )
    .execute();
  await trx
    .insertInto('oa_passport_book')
    .values(
      PASSPORTS.map(([holder, code, kind, no, issue, expiry]) => ({
        id: id('PB'),
        holder_name: holder,
        holder_code: code,
        passport_kind: kind,
        passport_no: no,
        issue_date: issue,
        expiry_date: expiry,
        status: 'in',
        record_id: null,
        remark: null,
        updated_at: at,
      })),
    )
    .execute();
}
