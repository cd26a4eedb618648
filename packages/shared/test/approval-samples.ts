/**
 * One valid application per approval module the module engine serves (approval-codes.ts) and the ways to spoil it, shared by the unit
 * tests of the declarations, the server's integration tests and the e2e spec. Attachments carry the
 * placeholder file id FILE_PLACEHOLDER; tests that hit the server replace it with an uploaded file.
 */

export const FILE_PLACEHOLDER = '__file__';
const FILES = [{ fileId: FILE_PLACEHOLDER, fileName: '附件.pdf' }];

export interface SpoiledCase {
  /** replaces these top-level fields of the valid data */
  patch: Record<string, unknown>;
  /** the field (path) the refusal must name */
  field: string;
}

export interface ApprovalSample {
  code: string;
  variant?: string;
  /** a valid application, submitted by 'staff' (办公室, D01) */
  data: Record<string, unknown>;
  /** a required field, removed */
  missing: string;
  badPhone?: SpoiledCase;
  negative?: SpoiledCase;
  /** an end before its start */
  reversed?: SpoiledCase;
}

const phone = (field: string): SpoiledCase => ({ patch: { [field]: '12345' }, field });
const neg = (field: string): SpoiledCase => ({ patch: { [field]: -1 }, field });
const rev = (field: string, a: string, b: string): SpoiledCase => ({ patch: { [field]: [b, a] }, field });

const payLine = { date: '2026-11-02', category: '办公费', description: '打印纸', amount: 320.5, invoices: 1 };
const deviceLine = { name: '笔记本电脑', model: 'ThinkPad X1', quantity: 2, price: 8999 };
const member = { name: '张伟', unit: '行业发展部部长', passportKind: '因公普通护照' };

export const APPROVAL_SAMPLES: ApprovalSample[] = [
  {
    code: 'oa_sign',
    data: {
      subject: '关于召开年度理事会的请示',
      signType: '请示',
      urgency: '急',
      secrecy: '内部',
      leader: 'leader',
      amount: 50000,
      contactPhone: '010-68511106',
      content: '拟于12月召开年度理事会，请领导审定。',
    },
    missing: 'subject',
    badPhone: phone('contactPhone'),
    negative: neg('amount'),
  },
  {
    code: 'oa_briefing',
    data: {
      title: '协会工作动态',
      issueNo: '2026年第11期',
      category: '工作动态',
      briefDate: '2026-11-20',
      scope: '全体人员',
      contactPhone: '010-68511106',
      content: '本月协会完成了行业调研等工作。',
    },
    missing: 'content',
    badPhone: phone('contactPhone'),
  },
  {
    code: 'oa_circulation',
    data: {
      subject: '会员走访情况反馈',
      feedbackType: '工作进展',
      feedbackDate: '2026-11-18',
      readers: ['chenjing', 'zhaolei'],
      content: '已走访会员单位12家。',
      contactPhone: '13579704883',
    },
    missing: 'readers',
    badPhone: phone('contactPhone'),
  },
  {
    code: 'oa_reward',
    data: {
      payeeName: '李明',
      payeeIdCard: '11010519491231002X',
      payeeMobile: '13800138000',
      payeeUnit: '清华大学',
      bankName: '中国工商银行北京海淀支行',
      bankCard: '6222020200112345679',
      serviceKind: '评审费',
      payeeTitle: '正高级',
      serviceRange: ['2026-11-10', '2026-11-11'],
      units: 2,
      content: '行业标准评审',
    },
    missing: 'payeeIdCard',
    badPhone: phone('payeeMobile'),
    negative: neg('units'),
    reversed: rev('serviceRange', '2026-11-10', '2026-11-11'),
  },
  {
    code: 'oa_device',
    data: {
      subject: '办公室电脑更新',
      category: '计算机及外设',
      fundSource: '部门预算',
      expectedDate: '2026-12-15',
      contactPhone: '010-68511106',
      items: [deviceLine],
      reason: '原电脑已使用8年，无法满足办公需要。',
    },
    missing: 'reason',
    badPhone: phone('contactPhone'),
    negative: { patch: { items: [{ ...deviceLine, price: -1 }] }, field: 'items.0.price' },
  },
  {
    code: 'oa_contract',
    data: {
      contractName: '年度信息系统运维服务合同',
      contractType: '服务合同',
      direction: '付款合同',
      counterparty: '北京数智科技有限公司',
      creditCode: '91110108MA01ABCD3X',
      counterpartyContact: '王经理',
      counterpartyPhone: '010-82345678',
      amount: 128000,
      paymentTerms: '分期付款',
      term: ['2027-01-01', '2027-12-31'],
      signDate: '2026-12-20',
      remindDays: 30,
      content: '协会OA及网站运维服务一年。',
      files: FILES,
    },
    missing: 'counterparty',
    badPhone: phone('counterpartyPhone'),
    negative: neg('amount'),
    reversed: rev('term', '2027-01-01', '2027-12-31'),
  },
  {
    code: 'oa_event',
    data: {
      subject: '购置协会办公用房',
      eventType: '大额资金使用',
      decisionBody: '会长办公会议',
      amount: 3_500_000,
      planDate: '2027-03-01',
      owner: 'staff',
      contactPhone: '13579704883',
      background: '现有办公用房为租赁。',
      plan: '拟购置约600平方米办公用房。',
    },
    missing: 'plan',
    badPhone: phone('contactPhone'),
    negative: neg('amount'),
  },
  {
    code: 'oa_legal',
    data: {
      entityName: '中国某某行业协会',
      creditCode: '51100000500012345B',
      changeType: '住所变更',
      effectiveDate: '2027-01-01',
      beforeContent: '北京市西城区某某路1号',
      afterContent: '北京市海淀区某某路8号',
      reason: '办公地点搬迁',
      representativeMobile: '13993252409',
      files: FILES,
    },
    missing: 'reason',
    badPhone: phone('representativeMobile'),
  },
  {
    code: 'oa_employment',
    variant: 'entry',
    data: {
      personName: '何晓明',
      dept: 'D01',
      position: '行政专员',
      sex: '男',
      idCard: '11010519491231002X',
      mobile: '13912345678',
      employmentKind: '正式员工',
      education: '大学本科',
      entryDate: '2026-12-01',
      probationMonths: 3,
      contractTerm: ['2026-12-01', '2029-11-30'],
    },
    missing: 'idCard',
    badPhone: phone('mobile'),
    reversed: rev('contractTerm', '2026-12-01', '2029-11-30'),
  },
  {
    code: 'oa_employment',
    variant: 'resign',
    data: {
      personName: '刘小雨',
      dept: 'D01',
      position: '办公室科员',
      resignType: '个人辞职',
      lastDay: '2026-12-31',
      handoverTo: 'zhaolei',
      handoverItems: '文件柜钥匙、在办事项清单',
      resignReason: '个人发展',
      contactPhone: '13579704883',
    },
    missing: 'handoverTo',
    badPhone: phone('contactPhone'),
  },
  {
    code: 'oa_certificate',
    data: {
      certificate: '社会团体法人登记证书（副本）',
      useType: '原件外借',
      copies: 1,
      recipient: '某市民政局',
      useRange: ['2026-11-25', '2026-11-27'],
      contactPhone: '13579704883',
      purpose: '年检报送',
    },
    missing: 'recipient',
    badPhone: phone('contactPhone'),
    negative: neg('copies'),
    reversed: rev('useRange', '2026-11-25', '2026-11-27'),
  },
  {
    code: 'oa_leave',
    data: { leaveType: '年休假', dateRange: ['2026-12-01', '2026-12-02'], contactPhone: '13579704883', reason: '回老家探亲' },
    missing: 'reason',
    badPhone: phone('contactPhone'),
    reversed: rev('dateRange', '2026-12-01', '2026-12-02'),
  },
  {
    code: 'oa_payment',
    data: {
      paymentKind: '费用报销',
      method: '银行转账',
      payee: '刘小雨',
      bankName: '中国银行',
      bankAccount: '6216610200016587010',
      contactPhone: '13579704883',
      lines: [payLine, { ...payLine, description: '墨盒', amount: 1200 }],
      reason: '办公室日常办公用品',
      files: FILES,
    },
    missing: 'payee',
    badPhone: phone('contactPhone'),
    negative: { patch: { lines: [{ ...payLine, amount: -1 }] }, field: 'lines.0.amount' },
  },
  {
    code: 'oa_borrow',
    data: {
      amount: 5000,
      method: '现金',
      borrowDate: '2026-11-25',
      repayDate: '2026-12-25',
      contactPhone: '13579704883',
      purpose: '会议现场备用金',
    },
    missing: 'purpose',
    badPhone: phone('contactPhone'),
    negative: neg('amount'),
    reversed: { patch: { repayDate: '2026-11-01' }, field: 'repayDate' },
  },
  {
    code: 'oa_abroad',
    data: {
      missionName: '协会赴德国考察团',
      missionType: '考察调研',
      countries: '德国',
      travelRange: ['2027-04-10', '2027-04-17'],
      inviter: '德国某行业协会',
      budget: 120000,
      fundSource: '专项经费',
      contactPhone: '13579704883',
      members: [member],
      tasks: '考察德国行业标准化工作。',
      files: FILES,
    },
    missing: 'inviter',
    badPhone: phone('contactPhone'),
    negative: neg('budget'),
    reversed: rev('travelRange', '2027-04-10', '2027-04-17'),
  },
  {
    code: 'oa_passport',
    data: {
      holderName: '刘小雨',
      passportKind: '因公普通护照',
      passportNo: 'PE1234567',
      lendRange: ['2027-04-05', '2027-04-20'],
      contactPhone: '13579704883',
      purpose: '赴德国考察',
    },
    missing: 'passportNo',
    badPhone: phone('contactPhone'),
    reversed: rev('lendRange', '2027-04-05', '2027-04-20'),
  },
  {
    code: 'oa_invite',
    data: {
      inviteeName: 'Hans Müller',
      country: '德国',
      inviteeUnit: '德国某行业协会 主席',
      headcount: 3,
      visitRange: ['2027-05-10', '2027-05-14'],
      language: '中英文',
      needVisa: '是',
      costBearer: '对方自理',
      contactPhone: '010-68511106',
      purpose: '参加中德行业交流会',
    },
    missing: 'country',
    badPhone: phone('contactPhone'),
    negative: neg('headcount'),
    reversed: rev('visitRange', '2027-05-10', '2027-05-14'),
  },
  {
    code: 'oa_visit',
    data: {
      delegation: '日本某协会代表团',
      country: '日本',
      headcount: 6,
      headOfDelegation: '山田太郎 会长',
      visitRange: ['2027-03-02', '2027-03-04'],
      receptionLevel: '副会长',
      budget: 30000,
      contactPhone: '010-68511106',
      program: [{ date: '2027-03-02', activity: '会谈', place: '协会会议室' }],
      purpose: '交流行业发展经验',
    },
    missing: 'delegation',
    badPhone: phone('contactPhone'),
    negative: neg('budget'),
    reversed: rev('visitRange', '2027-03-02', '2027-03-04'),
  },
  {
    code: 'oa_conference',
    data: {
      conferenceName: '2027国际行业发展论坛',
      role: '主办',
      place: '北京国际会议中心',
      dateRange: ['2027-09-15', '2027-09-16'],
      totalCount: 300,
      foreignCount: 80,
      budget: 800000,
      fundSource: '专项经费',
      contactPhone: '010-68511106',
      content: '主题：绿色与数字化转型',
    },
    missing: 'place',
    badPhone: phone('contactPhone'),
    negative: neg('budget'),
    reversed: rev('dateRange', '2027-09-15', '2027-09-16'),
  },
  {
    code: 'oa_car',
    data: {
      purpose: '外出办事',
      carType: '商务车',
      useRange: ['2026-11-26', '2026-11-26'],
      departTime: '09:00',
      returnTime: '12:00',
      origin: '协会',
      destination: '民政部',
      passengers: 3,
      contactPhone: '13579704883',
      reason: '报送年检材料',
    },
    missing: 'destination',
    badPhone: phone('contactPhone'),
    negative: neg('passengers'),
    reversed: { patch: { returnTime: '08:00' }, field: 'returnTime' },
  },
  {
    code: 'oa_email',
    data: { requestType: '开通邮箱', userName: '何晓明', account: 'hexiaoming', size: '5GB', mobile: '13912345678', reason: '新入职员工' },
    missing: 'account',
    badPhone: phone('mobile'),
  },
  {
    code: 'oa_supplies',
    data: {
      useDate: '2026-11-24',
      contactPhone: '010-68511106',
      items: [
        { name: 'A4打印纸', quantity: 2 },
        { name: '中性笔', quantity: 10 },
      ],
      purpose: '部门日常办公',
    },
    missing: 'purpose',
    badPhone: phone('contactPhone'),
    negative: { patch: { items: [{ name: 'A4打印纸', quantity: -1 }] }, field: 'items.0.quantity' },
  },
  {
    code: 'oa_stamp',
    data: { reason: '理事会决议盖章', sealType: '公章', copies: 3, fileName: '理事会决议', files: FILES },
    missing: 'reason',
    negative: neg('copies'),
  },
  {
    code: 'oa_lend',
    data: {
      item: '投影仪',
      quantity: 1,
      purpose: '部门培训',
      borrowDate: '2026-11-10',
      expectedReturnDate: '2026-11-12',
      contact: '13579704883',
    },
    missing: 'item',
    badPhone: phone('contact'),
    negative: neg('quantity'),
    reversed: { patch: { expectedReturnDate: '2026-11-09' }, field: 'expectedReturnDate' },
  },
  {
    code: 'oa_btrip',
    data: {
      destination: '上海',
      dateRange: ['2026-11-16', '2026-11-18'],
      transport: '高铁',
      budget: 3200,
      contactPhone: '13579704883',
      reason: '参加行业年会',
      itinerary: [],
    },
    missing: 'destination',
    badPhone: phone('contactPhone'),
    negative: neg('budget'),
    reversed: rev('dateRange', '2026-11-16', '2026-11-18'),
  },
];
