import type { Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/**
 * The administrator's pages added with issues 33, 38 and 39, for databases made before them: a new database gets its
 * menu from the seed, an older one would never show them (its menu is what it was seeded with). Each page is added
 * only when its folder is there and it is not (a database without a menu — empty, not yet seeded — is left alone).
 * The rows are a frozen copy of what the seed writes today (a migration never reads the live seed).
 */
const PAGES = [
  { fun_code: 'sys_handover', fun_name: '工作交接', parent_code: 'sys', router: '/handover', sort_no: 15, icon: 'SwapOutlined' },
  {
    fun_code: 'sys_flow_stats',
    fun_name: '流程用时',
    parent_code: 'sys_flow',
    router: '/workflow/stats',
    sort_no: 40,
    icon: 'FieldTimeOutlined',
  },
  {
    fun_code: 'sys_notify',
    fun_name: '消息通知',
    parent_code: 'sys',
    router: '/notifySettings',
    sort_no: 95,
    icon: 'NotificationOutlined',
  },
  { fun_code: 'sys_backup', fun_name: '数据备份', parent_code: 'sys', router: '/backups', sort_no: 96, icon: 'DatabaseOutlined' },
  {
    fun_code: 'sys_print_template',
    fun_name: '审批单模板',
    parent_code: 'sys',
    router: '/printTemplate',
    sort_no: 97,
    icon: 'PrinterOutlined',
  },
];

export const m108AdminPages: OaMigration = {
  name: '108-admin-pages',
  async up(db: Kysely<any>) {
    const codes = [...PAGES.map((p) => p.fun_code), ...new Set(PAGES.map((p) => p.parent_code))];
    const present = new Set(
      (await db.selectFrom('sys_function').select('fun_code').where('fun_code', 'in', codes).execute()).map((r) => r.fun_code as string),
    );
    const missing = PAGES.filter((p) => present.has(p.parent_code) && !present.has(p.fun_code));
    if (!missing.length) return;
    await db
      .insertInto('sys_function')
      .values(
        missing.map((p) => ({
          ...p,
          router_selected: null,
          is_hidden: 'N',
          is_link: 'N',
          link_url: null,
          menu_type: '1',
          platform_code: '1',
          no_cache: 'N',
        })),
      )
      .execute();
  },
};
