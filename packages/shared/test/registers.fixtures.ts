import { idCardCheckChar } from '../src/validate/id-card';

/**
 * Valid sample rows of every register, varied by `i` so that unique fields do not repeat (tests, the
 * 5,000-row import measurement, e2e). `users` / `depts` are existing user and department codes.
 */
export interface SampleContext {
  users: readonly string[];
  depts: readonly string[];
}

const DAY = 86_400_000;
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** A valid 18-digit ID card number, distinct for each i below ~36,000. */
export function sampleIdCard(i: number): string {
  const birth = new Date(Date.UTC(1960, 0, 1) + (i % 12_000) * DAY);
  const seq = pad(100 + Math.floor(i / 12_000), 3);
  const first17 = `110101${birth.getUTCFullYear()}${pad(birth.getUTCMonth() + 1, 2)}${pad(birth.getUTCDate(), 2)}${seq}`;
  return first17 + idCardCheckChar(first17);
}

/** 'YYYY-MM' counting months from 2000-01. */
export const sampleMonth = (k: number): string => `${2000 + Math.floor(k / 12)}-${pad((k % 12) + 1, 2)}`;
/** 'YYYY-MM-DD' counting days from 2020-01-01. */
export const sampleDate = (k: number): string => new Date(Date.UTC(2020, 0, 1) + k * DAY).toISOString().slice(0, 10);
export const sampleMobile = (i: number): string => `139${pad(i % 100_000_000, 8)}`;

export function sampleRow(code: string, i: number, c: SampleContext): Record<string, unknown> {
  const user = c.users[i % c.users.length];
  const dept = c.depts[i % c.depts.length];
  const name = `测试${pad(i, 5)}`;
  const date = sampleDate(i % 2000);
  const month = sampleMonth(i % 300);
  switch (code) {
    case 'office_tel':
      return {
        month,
        phoneNo: sampleMobile(i),
        numberType: '手机',
        carrier: '中国移动',
        user,
        dept,
        plan: '商务套餐',
        fee: 88.5,
        quota: 80,
        payDate: date,
        remark: null,
      };
    case 'office_call_log':
      return {
        callDate: date,
        callTime: '09:30',
        callerName: name,
        callerOrg: '某机械公司',
        callerPhone: '010-68594321',
        subject: '咨询会员入会事宜',
        content: null,
        receiver: user,
        handling: '已办结',
        forwardTo: null,
        result: '已答复',
      };
    case 'office_express':
      return {
        direction: '收件',
        regDate: date,
        company: '顺丰速运',
        trackingNo: `SF${pad(i, 10)}`,
        staff: user,
        dept,
        counterpartOrg: '某出版社',
        counterpartName: '王先生',
        counterpartPhone: sampleMobile(i),
        item: '资料',
        pieces: 1,
        payMode: '寄付',
        cost: 12,
        state: '待领取',
        doneDate: null,
        remark: null,
      };
    case 'office_note':
      return { subject: `记事${i}`, category: '工作', priority: '普通', noteDate: date, remindDate: null, content: '整理本周会议纪要' };
    case 'biz_work_plan':
      return {
        dept,
        month,
        kind: '常规工作',
        item: `工作事项${i}`,
        content: null,
        owner: user,
        assistants: [],
        dueDate: date,
        state: '进行中',
        progress: 50,
        finishDate: null,
        note: null,
      };
    case 'biz_overview':
      return {
        month,
        period: '月度',
        category: '主要经济指标',
        indicator: `营业收入${i}`,
        unit: '亿元',
        value: 1234.5,
        lastYear: 1100,
        source: '协会统计',
        remark: null,
      };
    case 'biz_license':
      return {
        name: `资质证书${i}`,
        type: '资质证书',
        licenseNo: `ZZ${pad(i, 8)}`,
        form: '正本',
        issuer: '民政部',
        issueDate: '2020-01-01',
        expiryDate: '2030-12-31',
        checkDate: null,
        keeper: user,
        location: '档案室A柜',
        remark: null,
      };
    case 'biz_branch':
      return {
        name: `专业委员会${i}`,
        type: '专业委员会',
        state: '正常',
        approvalNo: null,
        foundDate: date,
        head: '李主任',
        headMobile: sampleMobile(i),
        secretary: null,
        phone: '010-68594321',
        email: 'branch@example.org',
        address: '北京市西城区',
        members: 120,
        hostDept: dept,
        annualCheck: '合格',
        remark: null,
      };
    case 'biz_suggestion':
      return { subject: `建议${i}`, category: '后勤服务', anonymous: '否', content: '建议食堂延长午餐供应时间' };
    case 'party_member':
      return {
        name,
        account: null,
        sex: '男',
        ethnic: '汉族',
        birthDate: '1985-06-01',
        idCard: sampleIdCard(i),
        education: '大学本科',
        branch: '机关第一党支部',
        memberType: '正式党员',
        joinDate: '2008-07-01',
        fullDate: '2009-07-01',
        partyPost: null,
        dept,
        post: '科员',
        mobile: sampleMobile(i),
        salaryBase: 6500,
        state: '正常',
        transferDate: null,
        remark: null,
      };
    case 'party_branch':
      return {
        name: `机关第${i}党支部`,
        orgType: '党支部',
        parentOrg: '机关党委',
        secretary: user,
        deputy: null,
        committee: [],
        foundDate: '2010-07-01',
        electionDate: '2024-06-01',
        termEnd: '2027-06-01',
        memberCount: 12,
        phone: '010-68594321',
        remark: null,
      };
    case 'party_fee':
      return {
        month,
        name,
        idCard: sampleIdCard(i),
        branch: '机关第一党支部',
        salaryBase: 6500,
        paid: null,
        state: '未缴',
        payDate: null,
        payMode: null,
        remark: null,
      };
    case 'party_union_member':
      return {
        name,
        account: null,
        sex: '女',
        birthDate: '1990-03-01',
        idCard: sampleIdCard(i),
        dept,
        mobile: sampleMobile(i),
        joinDate: '2015-09-01',
        cardNo: `GH${pad(i, 6)}`,
        unionPost: '会员',
        salaryBase: 8000,
        state: '在会',
        remark: null,
      };
    case 'party_union_fee':
      return {
        month,
        name,
        idCard: sampleIdCard(i),
        dept,
        salaryBase: 8000,
        paid: 40,
        state: '已缴',
        payDate: date,
        payMode: '工资代扣',
        remark: null,
      };
    case 'hr_staff':
      return {
        staffNo: `YG${pad(i, 6)}`,
        name,
        account: null,
        sex: '男',
        birthDate: '1988-01-01',
        idCard: sampleIdCard(i),
        ethnic: '汉族',
        political: '群众',
        nativePlace: '北京',
        education: '大学本科',
        school: '北京理工大学',
        major: '机械工程',
        title: '中级',
        dept,
        position: '主管',
        postCategory: '管理岗',
        employmentForm: '劳动合同制',
        entryDate: '2015-07-01',
        workStartDate: '2010-07-01',
        mobile: sampleMobile(i),
        email: null,
        bankCard: '6222020000000000000',
        bank: '中国工商银行',
        emergencyContact: null,
        emergencyPhone: null,
        address: null,
        state: '在职',
        leaveDate: null,
        remark: null,
      };
    case 'hr_contract':
      return {
        contractNo: `HT${pad(i, 8)}`,
        name,
        account: null,
        dept,
        position: '主管',
        contractType: '固定期限劳动合同',
        signTimes: 1,
        signDate: '2024-01-01',
        startDate: '2024-01-01',
        endDate: '2026-12-31',
        probationMonths: 0,
        probationEnd: null,
        state: '履行中',
        remark: null,
      };
    case 'hr_appraisal':
      return {
        year: 2000 + (i % 100),
        period: '年度',
        name,
        account: null,
        dept,
        position: null,
        score: 88,
        grade: '称职',
        appraiser: user,
        appraiseDate: date,
        achievements: null,
        comment: null,
      };
    case 'hr_attendance': {
      const k = Math.floor(i / c.users.length);
      return {
        month: sampleMonth(k),
        person: user,
        dept,
        workDays: 22,
        actualDays: 21,
        lateTimes: 0,
        earlyTimes: 0,
        absentDays: 0,
        businessTripDays: 0,
        overtimeHours: 4,
        remark: null,
      };
    }
    case 'hr_senior':
      return {
        name,
        account: null,
        sex: '男',
        birthDate: '1965-01-01',
        idCard: sampleIdCard(i),
        political: '中共党员',
        education: '硕士研究生',
        post: '副会长',
        fullTime: '兼职',
        employer: '某重工集团',
        employerPost: '董事长',
        termStart: '2023-01-01',
        termEnd: '2028-01-01',
        approvalNo: null,
        paid: '否',
        mobile: sampleMobile(i),
        phone: null,
        email: null,
        state: '在任',
        resume: null,
      };
    case 'hr_dynamics':
      return { subject: `人事动态${i}`, dynamicsType: '入职', effectiveDate: date, personName: name, dept, docNo: null, content: null };
    case 'hr_dynamics_type':
      return { typeName: `类型${i}`, sortNo: i % 10_000, enabled: '启用', description: null };
    case 'hr_bulletin':
      return {
        subject: `工作安排${i}`,
        category: '周工作安排',
        dept,
        startDate: date,
        endDate: date,
        pinned: '否',
        content: '周一上午九点召开办公会',
      };
    default:
      throw new Error(`no sample for ${code}`);
  }
}
