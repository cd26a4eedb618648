import { insertOutsideAccount } from './outside-account';
import { sealField, type FieldKeyring } from '../../lib/field-cipher';
import { SUBJECT_ORG_PHONE_PURPOSE } from '../sealed-columns';
import { sealApplicantMobiles } from '../applicant-mobiles';
import { chinaYear } from '@oa/shared/format/china-time';
import { randomBytes } from 'node:crypto';
import { ROLE, ROLE_DEFAULT } from '@oa/shared/constants';
import type { Db } from '../database';
import type { SeedFunction } from './seed-function';

/**
 * Demo data of the research-subjects area: the 课题管理员 role, grants, two more outside applicants,
 * a batch open now and a closed one, subjects in different states with reviews, ledgers and reports,
 * and the seeded `applicant`'s draft.
 */

const RESEARCH_ROLE = 'subject_manager';
/** 课题管理员: 行业发展部副部长 李娜 runs the subjects; her department leader approves them. */
const RESEARCH_MANAGER = 'lina';
const EXPERTS = ['wuxiaodong', 'zhengxiuying'];

const id = (p: string) => `${p}${randomBytes(10).toString('hex')}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const APPLICANTS = [
  { userCode: 'qianxm', userName: '钱学敏', mobile: '13810452317', org: '北京理工大学机械与车辆学院' },
  { userCode: 'sunyq', userName: '孙雅琴', mobile: '13901287645', org: '中国机械工业标准化研究院' },
];

function declaration(name: string, org: string, leader: string, budget: number, start: string, end: string) {
  const items = [
    { subject: '设备费', amount: Math.round(budget * 0.3), note: '测试设备购置' },
    { subject: '劳务费', amount: Math.round(budget * 0.4), note: '研究生劳务' },
    { subject: '差旅费', amount: budget - Math.round(budget * 0.3) - Math.round(budget * 0.4), note: '企业调研' },
  ];
  return {
    applicationForm: {
      name,
      category: '重点课题',
      orgName: org,
      leaderName: leader,
      leaderTitle: '教授',
      leaderMobile: '13810452317',
      leaderEmail: '',
      startDate: start,
      endDate: end,
      budget,
      keywords: '行业标准；数字化',
    },
    projectbg: {
      background: '当前行业数字化转型加速，亟需系统研究相关标准与评价方法，为协会会员企业提供指导。',
      significance: '支撑行业高质量发展。',
    },
    researchProposal: {
      objectives: '形成一套可推广的评价指标体系与实施指南。',
      content: '梳理国内外现状，开展企业调研，构建指标体系并试点验证。',
      methods: '文献研究—调研—建模—试点',
      innovation: '首次建立适用于中小企业的分级评价方法。',
    },
    researchFoundation: { achievements: '课题组近五年承担相关省部级项目6项，发表论文30余篇。', conditions: '拥有省级重点实验室。' },
    staffingRatio: {
      members: [
        { name: leader, title: '教授', org, role: '总体负责', workMonths: 12 },
        { name: '周明', title: '副教授', org, role: '指标体系构建', workMonths: 10 },
      ],
    },
    budget: { items },
    situation: { projects: [], pledge: true },
  };
}

const contract = (org: string, start: string, end: string, budget: number) => ({
  application: { partyB: org, partyBLegal: '张立新', partyBAddress: '北京市海淀区中关村南大街5号', startDate: start, endDate: end },
  background: { background: '依据协会年度课题指南立项，面向行业共性问题开展研究。' },
  scheme: { scheme: '分调研、建模、验证三个阶段实施，按季度报告进展。', schedule: '第一季度调研，第二、三季度建模，第四季度验证。' },
  basics: { basics: '课题组具有扎实的前期研究基础和完善的实验条件。' },
  gain: { deliverables: '研究报告1份、团体标准草案1项、论文2篇。', indicators: '通过协会组织的专家验收。' },
  matching: { matchingFunds: 50000, conditions: '承担单位提供实验场地与配套经费。' },
  budget: {
    items: [
      { subject: '设备费', amount: Math.round(budget * 0.3), note: null },
      { subject: '劳务费', amount: budget - Math.round(budget * 0.3), note: null },
    ],
  },
  clause: { special: '', signer: '张立新', agree: true },
});

/** The 课题管理员 role and the research grants, in the structure seed's transaction. */
export async function seedSubjectsStructure(trx: Db, functions: readonly SeedFunction[], at: string): Promise<void> {
  await trx
    .insertInto('sys_role')
    .values({
      role_code: RESEARCH_ROLE,
      role_name: '课题管理员',
      remark: '课题申报受理、专家评审、合同与经费管理',
      sort_no: 30,
      platform_code: '1',
      created_at: at,
    })
    .execute();
  const research = functions
    .filter((f) => f.funCode === 'research' || f.funCode.startsWith('research_') || f.funCode.startsWith('oa_subject'))
    .map((f) => f.funCode);
  const existing = new Set(
    (await trx.selectFrom('sys_role_function').select(['role_code', 'fun_code']).execute()).map((r) => `${r.role_code}|${r.fun_code}`),
  );
  const grants = [
    ...research.map((fun_code) => ({ role_code: RESEARCH_ROLE, fun_code })),
    // department leaders follow their department's subjects and the progress chart
    ...['research_tb_dept', 'research_tb_flow'].map((fun_code) => ({ role_code: ROLE.DEPT_LEADER, fun_code })),
    // experts and approvers open a subject (and its contract) from their review queue or to-do list
    ...['research_tb_info', 'research_foundation_contract'].map((fun_code) => ({ role_code: ROLE_DEFAULT, fun_code })),
  ].filter((g) => !existing.has(`${g.role_code}|${g.fun_code}`));
  await trx
    .insertInto('sys_role_function')
    .values([...new Map(grants.map((g) => [`${g.role_code}|${g.fun_code}`, g])).values()])
    .execute();
}

/** Demo: the subjects' manager, outside applicants, batches and subjects, in the demo seed's transaction. */
export async function seedSubjects(trx: Db, passwordHash: string, at: string, keys: FieldKeyring): Promise<void> {
  await trx.insertInto('sys_user_role').values({ user_code: RESEARCH_MANAGER, role_code: RESEARCH_ROLE }).execute();

  // outside applicants (platform 19 only) and units
  for (const [i, a] of APPLICANTS.entries())
    await insertOutsideAccount(
      trx,
      { ...a, email: null, position: '课题申报人', deptCode: 'D00', sortNo: 9000 + i, platform: '19' },
      passwordHash,
      at,
    );
  const orgs = [
    ...APPLICANTS.map((a) => ({ user: a.userCode, org: a.org, contact: a.userName, phone: a.mobile })),
    { user: 'applicant', org: '清华大学工业工程系', contact: '赵一鸣', phone: '18528756362' },
  ];
  await trx
    .insertInto('subject_org')
    .values(
      orgs.map((o) => ({
        user_code: o.user,
        org_name: o.org,
        credit_code: null,
        address: '北京市海淀区',
        contact: o.contact,
        phone: sealField(keys, SUBJECT_ORG_PHONE_PURPOSE, o.phone),
        intro: null,
        updated_at: at,
      })),
    )
    .execute();
  // the outside applicants' account mobiles are stored sealed, as registration stores them
  await sealApplicantMobiles(trx, keys);

  // batches: one open now, one closed
  const thisYear = chinaYear();
  const open = { id: id('SB'), name: `${thisYear}年度行业发展研究课题`, year: thisYear, open_date: day(-20), close_date: day(40) };
  const closed = {
    id: id('SB'),
    name: `${thisYear - 1}年度行业发展研究课题`,
    year: thisYear - 1,
    open_date: `${thisYear - 1}-03-01`,
    close_date: `${thisYear - 1}-04-30`,
  };
  const guide =
    '一、申报范围：围绕行业标准化、数字化转型、绿色低碳等方向。\n二、申报条件：具有独立法人资格的高校、科研院所和企业。\n三、资助强度：重点课题不超过30万元，一般课题不超过15万元。\n四、材料要求：按申报书各部分如实填写。';
  await trx
    .insertInto('subject_batch')
    .values([
      { ...open, guide, budget_ceiling: 300000, total_budget: 3000000, created_by: 'admin', created_at: at, updated_at: at },
      { ...closed, guide, budget_ceiling: 300000, total_budget: 2500000, created_by: 'admin', created_at: at, updated_at: at },
    ])
    .execute();

  type Demo = {
    code: string | null;
    batch: typeof open;
    name: string;
    user: string;
    status: string;
    contract: string;
    budget: number;
    start: string;
    end: string;
    midterm: string | null;
    score: number | null;
  };
  const demos: Demo[] = [
    {
      code: `KT${thisYear - 1}0001`,
      batch: closed,
      name: '装备制造业数字化转型评价指标体系研究',
      user: 'qianxm',
      status: 'in_progress',
      contract: 'signed',
      budget: 250000,
      start: `${thisYear - 1}-06-01`,
      end: `${thisYear + 1}-05-31`,
      midterm: day(-10),
      score: 88.5,
    },
    {
      code: `KT${thisYear - 1}0002`,
      batch: closed,
      name: '行业团体标准实施效果评估方法研究',
      user: 'sunyq',
      status: 'completed',
      contract: 'signed',
      budget: 150000,
      start: `${thisYear - 1}-06-01`,
      end: day(-30),
      midterm: null,
      score: 91,
    },
    {
      code: `KT${thisYear - 1}0003`,
      batch: closed,
      name: '中小企业绿色制造能力提升路径研究',
      user: 'sunyq',
      status: 'rejected',
      contract: 'none',
      budget: 120000,
      start: `${thisYear - 1}-06-01`,
      end: `${thisYear}-12-31`,
      midterm: null,
      score: 62,
    },
    {
      code: `KT${thisYear}0001`,
      batch: open,
      name: '工业互联网平台安全评估规范研究',
      user: 'qianxm',
      status: 'expert_review',
      contract: 'none',
      budget: 280000,
      start: day(30),
      end: day(400),
      midterm: null,
      score: null,
    },
    {
      code: `KT${thisYear}0002`,
      batch: open,
      name: '行业人才技能等级评价标准研究',
      user: 'sunyq',
      status: 'submitted',
      contract: 'none',
      budget: 100000,
      start: day(30),
      end: day(400),
      midterm: null,
      score: null,
    },
  ];
  const org = (u: string) => orgs.find((o) => o.user === u)!.org;
  const leader = (u: string) => APPLICANTS.find((a) => a.userCode === u)!.userName;
  for (const d of demos) {
    const sid = id('SJ');
    const accepted = d.status !== 'submitted';
    await trx
      .insertInto('subject')
      .values({
        id: sid,
        code: d.code,
        batch_id: d.batch.id,
        year: d.batch.year,
        name: d.name,
        category: '重点课题',
        org_name: org(d.user),
        leader_name: leader(d.user),
        budget: d.budget,
        status: d.status,
        contract_status: d.contract,
        applicant: d.user,
        manager: accepted ? RESEARCH_MANAGER : null,
        manager_dept: accepted ? 'D02' : null,
        declaration: JSON.stringify(declaration(d.name, org(d.user), leader(d.user), d.budget, d.start, d.end)),
        contract: d.contract === 'signed' ? JSON.stringify(contract(org(d.user), d.start, d.end, d.budget)) : '{}',
        score_avg: d.score,
        start_date: d.start,
        end_date: d.end,
        midterm_due: d.midterm,
        submitted_at: at,
        contract_signed_at: d.contract === 'signed' ? at : null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const log = (action: string, actor: string, note: string) => ({ id: id('SL'), subject_id: sid, action, actor, note, at });
    const logs = [log('submitted', d.user, '提交申报书')];
    if (accepted) logs.push(log('format_passed', RESEARCH_MANAGER, '形式审查通过，进入专家评审'));
    if (d.score !== null) {
      await trx
        .insertInto('subject_review')
        .values(
          EXPERTS.map((e, i) => ({
            id: id('SR'),
            subject_id: sid,
            expert: e,
            score: Math.round(d.score! + (i === 0 ? 1 : -1)),
            opinion: d.score! >= 80 ? '选题有价值，研究方案可行，建议立项。' : '研究基础薄弱，方案不够具体，不建议立项。',
            created_at: at,
            scored_at: at,
          })),
        )
        .execute();
      logs.push(log('review_closed', RESEARCH_MANAGER, `专家评审完成，平均分 ${d.score}`));
      logs.push(
        log(
          d.status === 'rejected' ? 'rejected' : 'approved',
          'zhangwei',
          d.status === 'rejected' ? '立项审批未通过' : '立项审批通过，课题已立项',
        ),
      );
    } else if (d.status === 'expert_review') {
      await trx
        .insertInto('subject_review')
        .values(
          EXPERTS.map((e) => ({ id: id('SR'), subject_id: sid, expert: e, score: null, opinion: null, created_at: at, scored_at: null })),
        )
        .execute();
    }
    if (d.contract === 'signed') logs.push(log('contract_signed', 'zhangwei', '合同审批通过，合同已签订，课题进入执行阶段'));
    if (d.status === 'completed') logs.push(log('complete_ok', RESEARCH_MANAGER, '结题验收通过：成果达到合同要求'));
    await trx.insertInto('subject_log').values(logs).execute();
    if (d.contract === 'signed') {
      const half = Math.round(d.budget / 2);
      const funds = [
        { direction: 'in', amount: half, category: '资助拨款', summary: '首期资助款', happened_on: d.start },
        { direction: 'out', amount: Math.round(half * 0.24), category: '设备费', summary: '采购测试仪器', happened_on: d.start },
        { direction: 'out', amount: 8600, category: '差旅费', summary: '赴企业调研差旅', happened_on: d.start },
      ];
      if (d.status === 'completed')
        funds.push({ direction: 'in', amount: d.budget - half, category: '资助拨款', summary: '尾款', happened_on: d.end });
      await trx
        .insertInto('subject_fund')
        .values(
          funds.map((f) => ({ id: id('SF'), subject_id: sid, ...f, voucher_file_id: null, created_by: RESEARCH_MANAGER, created_at: at })),
        )
        .execute();
      await trx
        .insertInto('subject_report')
        .values({
          id: id('RP'),
          subject_id: sid,
          kind: 'progress',
          title: '第一季度进度报告',
          content: '已完成文献综述与12家企业的实地调研。',
          file_id: null,
          created_by: d.user,
          created_at: at,
        })
        .execute();
    }
  }

  // the seeded applicant's draft (application form and background filled)
  const draft = declaration('智能工厂能效评价方法研究', '清华大学工业工程系', '赵一鸣', 200000, day(40), day(400));
  const draftId = id('SJ');
  await trx
    .insertInto('subject')
    .values({
      id: draftId,
      code: null,
      batch_id: open.id,
      year: open.year,
      name: '智能工厂能效评价方法研究',
      category: '一般课题',
      org_name: '清华大学工业工程系',
      leader_name: '赵一鸣',
      budget: 200000,
      status: 'draft',
      contract_status: 'none',
      applicant: 'applicant',
      manager: null,
      manager_dept: null,
      declaration: JSON.stringify({ applicationForm: draft.applicationForm, projectbg: draft.projectbg }),
      contract: '{}',
      score_avg: null,
      start_date: day(40),
      end_date: day(400),
      midterm_due: null,
      submitted_at: null,
      contract_signed_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await trx
    .insertInto('subject_log')
    .values({ id: id('SL'), subject_id: draftId, action: 'created', actor: 'applicant', note: `创建申报书（${open.name}）`, at })
    .execute();
}
