import { chinaDate, chinaInstant } from '@oa/shared/format/china-time';
import { randomBytes } from 'node:crypto';
import { ROLE, ROLE_DEFAULT } from '@oa/shared/constants';
import type { Db } from '../database';
import type { FieldKeyring } from '../../lib/field-cipher';
import { sealSlipFields } from '../../core/crypto/slip-fields';

/**
 * Grants (structure) and demo data of weekly reports, salary slips and supervision (issue 16):
 * - everyone: own salary slips, the department weekly report, search, the supervision tasks assigned to them;
 * - role 010 (weekly-report leader): compile and columns; role 001 (department leaders): supervise and manage;
 * - a new role 'salary_admin' (工资管理员, 财务部 黄丽 and 徐明): import and send salary slips.
 */
const id = () => randomBytes(12).toString('hex');
const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
const SALARY_ADMIN_ROLE = 'salary_admin';

const GRANTS: Array<[role: string, funCodes: string[]]> = [
  [ROLE_DEFAULT, ['fin_salary', 'weekly_report', 'weekly_dept_edit', 'weekly_preview', 'weekly_search', 'sup_exec_list', 'sup_exec']],
  [ROLE.WEEKLY_LEADER, ['weekly_integrate', 'weekly_column']],
  [ROLE.DEPT_LEADER, ['sup_task', 'sup_task_edit', 'sup_manage']],
  [SALARY_ADMIN_ROLE, ['fin_salary:manage']],
];

const COLUMNS = ['重点工作', '会议活动', '调研走访', '下周计划'];

/** The salary administrators' role, the grants and the weekly report's columns, in the structure seed's transaction. */
export async function seedOfficeStructure(trx: Db, at: string): Promise<void> {
  await trx
    .insertInto('sys_role')
    .values({
      role_code: SALARY_ADMIN_ROLE,
      role_name: '工资管理员',
      remark: '导入、发放和撤回工资条',
      sort_no: 50,
      platform_code: '1',
      created_at: at,
    })
    .execute();
  await trx
    .insertInto('sys_role_function')
    .values(GRANTS.flatMap(([role_code, codes]) => codes.map((fun_code) => ({ role_code, fun_code }))))
    .execute();
  const cols = COLUMNS.map((name, i) => ({ id: id(), name, sort_no: (i + 1) * 10, enabled: 'Y' as const, created_at: at }));
  await trx.insertInto('oa_weekly_column').values(cols).execute();
}

/** Demo: the salary administrators, weekly reports, salary slips and supervision tasks, in the demo seed's transaction. */
export async function seedOffice(trx: Db, at: string, keys: FieldKeyring): Promise<void> {
  await trx
    .insertInto('sys_user_role')
    .values([
      { user_code: 'huangli', role_code: SALARY_ADMIN_ROLE },
      { user_code: 'xuming', role_code: SALARY_ADMIN_ROLE },
    ])
    .execute();

  // ---- weekly reports: last week's published report (in the structure's columns), this week in progress
  const cols = await trx.selectFrom('oa_weekly_column').select('id').orderBy('sort_no').execute();
  const now = Date.parse(at);
  const monday = (t: number) => {
    const d = new Date(chinaDate(t));
    return d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY;
  };
  const week = (m: number) => {
    const thu = new Date(m + 3 * DAY);
    const n = Math.floor((thu.getTime() - Date.UTC(thu.getUTCFullYear(), 0, 1)) / (7 * DAY)) + 1;
    return { code: `${thu.getUTCFullYear()}-W${String(n).padStart(2, '0')}`, n, year: thu.getUTCFullYear() };
  };
  const mk = (m: number, status: string) => {
    const w = week(m);
    return {
      id: id(),
      week_code: w.code,
      title: `${w.year}年第${w.n}周工作周报（${ymd(m).slice(5)} 至 ${ymd(m + 6 * DAY).slice(5)}）`,
      start_date: ymd(m),
      end_date: ymd(m + 6 * DAY),
      deadline: chinaInstant(ymd(m + 4 * DAY), '17:00'),
      status,
      published_at: status === 'published' ? at : null,
      published_by: status === 'published' ? 'chenjing' : null,
      created_at: at,
    };
  };
  const last = mk(monday(now) - 7 * DAY, 'published');
  const current = mk(monday(now), 'open');
  await trx.insertInto('oa_weekly_period').values([last, current]).execute();
  const lastItems: Array<[dept: string, col: number, text: string]> = [
    ['D01', 0, '完成协会年度工作会议筹备方案，报秘书长审定。'],
    ['D01', 1, '组织召开第三季度办公会，形成会议纪要 1 份。'],
    ['D02', 0, '起草《行业高质量发展指导意见》征求意见稿。'],
    ['D02', 2, '赴江苏、浙江 6 家会员企业开展产业链调研。'],
    ['D03', 1, '举办会员单位数字化转型培训班，参训 120 人次。'],
    ['D03', 3, '启动 2027 年度会费收缴通知工作。'],
    ['D04', 0, '完成 10 月份财务报表编制和预算执行分析。'],
  ];
  let sort = 0;
  for (const dept of ['D01', 'D02', 'D03', 'D04']) {
    const sid = id();
    await trx
      .insertInto('oa_weekly_section')
      .values({
        id: sid,
        period_id: last.id,
        dept_code: dept,
        status: 'submitted',
        submitted_at: at,
        return_reason: null,
        updated_by: 'admin',
        updated_at: at,
      })
      .execute();
    const mine = lastItems.filter(([d]) => d === dept);
    await trx
      .insertInto('oa_weekly_item')
      .values(
        mine.map(([, col, content], i) => ({
          id: id(),
          section_id: sid,
          period_id: last.id,
          dept_code: dept,
          column_id: cols[col].id,
          content,
          sort_no: i,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('oa_weekly_compiled')
    .values(
      [...lastItems]
        .sort((a, b) => a[1] - b[1])
        .map(([dept, col, content]) => ({
          id: id(),
          period_id: last.id,
          column_id: cols[col].id,
          dept_code: dept,
          source_item_id: null,
          content,
          sort_no: sort++,
        })),
    )
    .execute();
  const sid = id();
  await trx
    .insertInto('oa_weekly_section')
    .values({
      id: sid,
      period_id: current.id,
      dept_code: 'D03',
      status: 'submitted',
      submitted_at: at,
      return_reason: null,
      updated_by: 'liuyang',
      updated_at: at,
    })
    .execute();
  await trx
    .insertInto('oa_weekly_item')
    .values([
      {
        id: id(),
        section_id: sid,
        period_id: current.id,
        dept_code: 'D03',
        column_id: cols[0].id,
        content: '完成新入会单位资格审核 5 家。',
        sort_no: 0,
      },
      {
        id: id(),
        section_id: sid,
        period_id: current.id,
        dept_code: 'D03',
        column_id: cols[3].id,
        content: '筹备会员服务日活动。',
        sort_no: 1,
      },
    ])
    .execute();

  // ---- salary: last month's slips, sent to the office and finance staff
  const lm = new Date(now);
  lm.setUTCDate(1);
  lm.setUTCMonth(lm.getUTCMonth() - 1);
  const month = lm.toISOString().slice(0, 7);
  const names = ['基本工资', '岗位工资', '绩效工资', '交通补贴', '加班费', '养老保险', '医疗保险', '住房公积金', '个人所得税', '实发工资'];
  const people: Array<[string, number]> = [
    ['leader', 16800],
    ['staff', 8600],
    ['chenjing', 12500],
    ['huangli', 14200],
    ['xuming', 9800],
    ['pengdan', 8200],
  ];
  const batchId = id();
  await trx
    .insertInto('oa_salary_batch')
    .values({
      id: batchId,
      month,
      title: `${month.slice(0, 4)}年${Number(month.slice(5))}月工资条`,
      status: 'sent',
      hide_zero: 'Y',
      item_names: JSON.stringify(names),
      row_count: people.length,
      unmatched: 0,
      file_name: `${month}工资表.xlsx`,
      created_by: 'huangli',
      created_at: at,
      sent_at: at,
      updated_at: at,
    })
    .execute();
  await trx
    .insertInto('oa_salary_slip')
    .values(
      people.map(([user, base], i) => {
        const v = [
          base * 0.5,
          base * 0.3,
          base * 0.2,
          500,
          i % 2 ? 0 : 300,
          -base * 0.08,
          -base * 0.02,
          -base * 0.12,
          -Math.round(base * 0.03),
        ];
        const net = v.reduce((a, b) => a + b, 0);
        return {
          id: id(),
          batch_id: batchId,
          row_no: i + 2,
          user_code: user,
          src_code: user,
          src_name: null,
          ...sealSlipFields(keys, {
            bankCard: `62220202001${String(1234567 + i * 1111).padStart(8, '0')}`,
            mobile: null,
            items: [...v, net].map((x, j) => ({ name: names[j], value: x.toFixed(2) })),
          }),
          read_at: null,
          confirmed_at: null,
          feedback: null,
          feedback_at: null,
        };
      }),
    )
    .execute();

  // ---- supervision: a few tasks in every colour
  const d = (n: number) => ymd(now + n * DAY);
  const tasks: Array<{
    title: string;
    source: string;
    sourceTitle: string | null;
    lead: string;
    owner: string;
    start: number;
    due: number;
    progress: number;
    status: string;
  }> = [
    {
      title: '落实年度工作会议部署的重点任务分解',
      source: 'meeting',
      sourceTitle: '2026年度工作会议决议',
      lead: 'D02',
      owner: 'zhangwei',
      start: -40,
      due: -2,
      progress: 60,
      status: 'doing',
    },
    {
      title: '完成会员服务满意度调查报告',
      source: 'leader',
      sourceTitle: null,
      lead: 'D03',
      owner: 'liuyang',
      start: -20,
      due: 10,
      progress: 10,
      status: 'doing',
    },
    {
      title: '报送行业运行情况季度分析',
      source: 'receipt',
      sourceTitle: '关于报送行业运行情况的通知',
      lead: 'D02',
      owner: 'zhangwei',
      start: -10,
      due: 2,
      progress: 90,
      status: 'doing',
    },
    {
      title: '修订协会财务管理制度',
      source: 'leader',
      sourceTitle: null,
      lead: 'D04',
      owner: 'huangli',
      start: -30,
      due: -5,
      progress: 100,
      status: 'closed',
    },
    {
      title: '推进办公平台上线培训',
      source: 'leader',
      sourceTitle: null,
      lead: 'D01',
      owner: 'staff',
      start: -1,
      due: 20,
      progress: 0,
      status: 'assigned',
    },
  ];
  for (const [i, t] of tasks.entries()) {
    const tid = id();
    await trx
      .insertInto('oa_supervise_task')
      .values({
        id: tid,
        serial_no: `DB${at.slice(0, 4)}${String(i + 1).padStart(4, '0')}`,
        title: t.title,
        content: `${t.title}，按期报送办理情况。`,
        source_type: t.source,
        source_id: null,
        source_title: t.sourceTitle,
        source_link: null,
        lead_dept: t.lead,
        owner_user: t.owner,
        assist_depts: JSON.stringify(t.lead === 'D02' ? ['D03'] : []),
        start_date: d(t.start),
        due_date: d(t.due),
        status: t.status,
        progress: t.progress,
        supervisor: 'leader',
        extension_due: null,
        extension_reason: null,
        urge_count: 0,
        last_remind_on: null,
        closed_at: t.status === 'closed' ? new Date(now - 6 * DAY).toISOString() : null,
        created_at: new Date(now + t.start * DAY).toISOString(),
        updated_at: at,
      })
      .execute();
    await trx
      .insertInto('oa_supervise_log')
      .values({
        id: id(),
        task_id: tid,
        subtask_id: null,
        user_code: 'leader',
        action: 'create',
        percent: null,
        content: `交办：${t.title}`,
        files: '[]',
        created_at: new Date(now + t.start * DAY).toISOString(),
      })
      .execute();
  }
}
