import type { SeedFunction } from './seed-function';
import { modulePages, modulePermissions } from './module-functions';

/**
 * The full function (menu) tree of AssocOA: every route of the product spec §2 with its Chinese title.
 *
 * A function is both a menu entry and a permission (ARCHITECTURE.md §8):
 * - menuType '0' folder (no router), '1' page (router = the route as the spec spells it),
 *   '2' button / permission (no router, never in the menu).
 * - Hidden pages (edit / preview / detail) carry `routerSelected`, the visible route highlighted in the
 *   menu while they are open.
 * - platformCode '1' is the OA itself, '4' the member platform (managed on /memberFunction),
 *   '19' the subject-funding applicants' area under /foundationForWeb.
 * - icon is an @ant-design/icons component name; no icon means the default menu icon.
 *
 * Hidden pages are siblings of their list page inside the folder; the approval permissions
 * (`<module>:create|read|manage|approve`) are children of the module's list page.
 */

type Extra = Partial<Pick<SeedFunction, 'isHidden' | 'isLink' | 'linkUrl' | 'platformCode' | 'noCache' | 'routerSelected'>>;

// The pages of the business modules (application forms, registers) are not listed here: each declares its
// place (`menu`) in `@oa/shared/modules/<name>.module.ts` and module-functions.ts derives them.

/** A folder (menuType '0'). */
function folder(
  funCode: string,
  funName: string,
  parentCode: string | null,
  sortNo: number,
  icon: string,
  extra: Extra = {},
): SeedFunction {
  return { funCode, funName, parentCode, router: null, sortNo, icon, menuType: '0', isHidden: 'N', ...extra };
}

/** A visible page (menuType '1'). */
function page(
  funCode: string,
  funName: string,
  parentCode: string,
  router: string,
  sortNo: number,
  icon: string,
  extra: Extra = {},
): SeedFunction {
  return { funCode, funName, parentCode, router, sortNo, icon, menuType: '1', isHidden: 'N', ...extra };
}

/** A hidden page (detail / preview) that highlights `routerSelected` in the menu. */
function hidden(
  funCode: string,
  funName: string,
  parentCode: string | null,
  router: string,
  sortNo: number,
  routerSelected: string,
  extra: Extra = {},
): SeedFunction {
  return { funCode, funName, parentCode, router, routerSelected, sortNo, menuType: '1', isHidden: 'Y', ...extra };
}

/** A button / permission key (menuType '2') under its page: never in the menu. */
function key(funCode: string, funName: string, parentCode: string, sortNo: number): SeedFunction {
  return { funCode, funName, parentCode, router: null, sortNo, isHidden: 'Y', menuType: '2' };
}

/** A hidden edit form: like `hidden`, and re-mounted on every visit so it starts fresh. */
function edit(
  funCode: string,
  funName: string,
  parentCode: string | null,
  router: string,
  sortNo: number,
  routerSelected: string,
  extra: Extra = {},
): SeedFunction {
  return hidden(funCode, funName, parentCode, router, sortNo, routerSelected, { noCache: 'Y', ...extra });
}

// ---------------------------------------------------------------------------------------------------
// OA platform ('1')
// ---------------------------------------------------------------------------------------------------

const HOME: SeedFunction[] = [
  folder('home', '首页', null, 10, 'HomeOutlined'),
  page('home_dashboard', '首页', 'home', '/dashboard', 10, 'DashboardOutlined'),
  page('home_cooperation', '协同', 'home', '/cooperationIndex', 20, 'TeamOutlined'),
  page('home_work', '工作', 'home', '/workIndex', 30, 'ProjectOutlined'),
  page('home_mandatory', '受托', 'home', '/mandatoryIndex', 40, 'SafetyCertificateOutlined'),
  page('home_service', '服务', 'home', '/serviceIndex', 50, 'CustomerServiceOutlined'),
  page('home_personal', '个人中心', 'home', '/personal', 60, 'UserOutlined', { noCache: 'Y' }),
  hidden('home_address_detail', '通讯录详情', 'home', '/address/detail', 70, '/dashboard'),
  hidden('home_search', '全站搜索', 'home', '/search', 80, '/dashboard'),
];

const TODO: SeedFunction[] = [
  folder('todo', '待办中心', null, 20, 'BellOutlined'),
  page('todo_process', '待办事项', 'todo', '/process', 10, 'ScheduleOutlined'),
  page('todo_message', '消息通知', 'todo', '/message', 20, 'MessageOutlined'),
];

const DOC: SeedFunction[] = [
  folder('doc', '公文管理', null, 30, 'FileTextOutlined'),
  page('oa_receipt', '收文管理', 'doc', '/receipt', 10, 'InboxOutlined'),
  edit('oa_receipt_edit', '收文登记', 'doc', '/receiptEdit', 11, '/receipt'),
  hidden('oa_receipt_preview', '收文详情', 'doc', '/receiptPreview', 12, '/receipt'),
  page('oa_receipt_manager', '收文台账', 'doc', '/receiptManager', 20, 'ContainerOutlined'),
  page('oa_dispatch', '发文管理', 'doc', '/dispatch', 30, 'SendOutlined'),
  edit('oa_dispatch_edit', '发文拟稿', 'doc', '/dispatchEdit', 31, '/dispatch'),
  hidden('oa_dispatch_preview', '发文详情', 'doc', '/dispatchPreview', 32, '/dispatch'),
  page('oa_dispatch_manage', '发文台账', 'doc', '/dispatchManage', 40, 'ProfileOutlined'),
  page('doc_member_unit', '成员单位', 'doc', '/memberUnits', 45, 'ApartmentOutlined'),
  edit('oa_dispatch_manage_approve', '发文办理', 'doc', '/dispatchManageApprove', 41, '/dispatchManage'),
  page('oa_dept_receipt', '部门收文', 'doc', '/deptReceipt', 50, 'FolderOpenOutlined'),
  edit('oa_dept_receipt_edit', '部门收文登记', 'doc', '/deptReceiptEdit', 51, '/deptReceipt'),
  hidden('oa_dept_receipt_preview', '部门收文详情', 'doc', '/deptReceiptPreview', 52, '/deptReceipt'),
  page('oa_dept_receipt_type', '部门收文类型', 'doc', '/deptReceiptType', 60, 'TagsOutlined'),
  page('oa_dept_dispatch', '部门发文', 'doc', '/deptDispatch', 70, 'ExportOutlined'),
  edit('oa_dept_dispatch_edit', '部门发文拟稿', 'doc', '/deptDispatchEdit', 71, '/deptDispatch'),
  hidden('oa_dept_dispatch_preview', '部门发文详情', 'doc', '/deptDispatchPreview', 72, '/deptDispatch'),
  page('oa_dept_dispatch_type', '部门发文类型', 'doc', '/deptDispatchType', 80, 'TagOutlined'),
  page('doc_archive', '档案管理', 'doc', '/archive', 90, 'DatabaseOutlined'),
  hidden('doc_archive_detail', '档案详情', 'doc', '/archiveDetail', 91, '/archive'),
  hidden('doc_archive_pre', '档案预览', 'doc', '/archivePre', 92, '/archive'),
  hidden('doc_archive_receipt_pre', '归档收文预览', 'doc', '/receiptPre', 93, '/archive'),
  hidden('doc_archive_dispatch_pre', '归档发文预览', 'doc', '/dispatchPre', 94, '/archive'),
  page('doc_archive_roll', '案卷管理', 'doc', '/archive/rollList', 100, 'BookOutlined'),
];

const OFFICE: SeedFunction[] = [
  folder('office', '行政办公', null, 40, 'AppstoreOutlined'),
  folder('office_meet', '会议管理', 'office', 170, 'TeamOutlined'),
  page('office_meet_room', '会议室预订', 'office_meet', '/meeting', 10, 'CalendarOutlined'),
  edit('office_meet_apply', '会议申请', 'office_meet', '/meetingEdit', 11, '/meeting'),
  edit('office_meet_modify', '会议修改', 'office_meet', '/meeting/editMeeting', 12, '/meeting'),
  hidden('office_meet_detail', '会议详情', 'office_meet', '/meeting/detail', 13, '/meeting'),
  page('office_live', '视频会议', 'office_meet', '/live', 20, 'VideoCameraOutlined'),
  hidden('office_live_index', '会议直播', 'office_meet', '/live/index', 21, '/live'),
  page('office_live_list', '直播维护', 'office_meet', '/live/list', 30, 'UnorderedListOutlined'),
  edit('office_live_edit', '直播编辑', 'office_meet', '/live/edit', 31, '/live/list'),
  page('office_live_play', '历史会议', 'office_meet', '/live/play', 40, 'PlayCircleOutlined'),

  folder('office_daily', '日常登记', 'office', 180, 'ProfileOutlined'),
];

const FOREIGN: SeedFunction[] = [folder('foreign', '外事管理', null, 50, 'GlobalOutlined')];

const HR: SeedFunction[] = [folder('hr', '人事管理', null, 60, 'TeamOutlined')];

const PARTY: SeedFunction[] = [folder('party', '党群工作', null, 70, 'FlagOutlined')];

const FINANCE: SeedFunction[] = [
  folder('fin', '财务管理', null, 80, 'AccountBookOutlined'),
  page('fin_salary', '工资条查询', 'fin', '/salary', 10, 'PayCircleOutlined'),
  {
    funCode: 'fin_salary:manage',
    funName: '工资条-导入发放',
    parentCode: 'fin_salary',
    router: null,
    sortNo: 1,
    isHidden: 'Y',
    menuType: '2',
  },
];

const INFO: SeedFunction[] = [
  folder('info', '信息发布', null, 90, 'NotificationOutlined'),
  page('info_news', '信息管理', 'info', '/information', 10, 'ReadOutlined'),
  edit('info_news_edit', '信息编辑', 'info', '/information/edit', 11, '/information'),
  hidden('info_news_view', '信息查看', 'info', '/information/view', 12, '/information'),
  hidden('info_news_preview', '信息审批', 'info', '/information/preview', 13, '/information'),
  hidden('info_news_more', '更多资讯', 'info', '/informationMore', 14, '/dashboard'),
  page('info_recommend', '舆情推荐', 'info', '/information/recommend', 20, 'LikeOutlined'),
  hidden('info_recommend_more', '更多推荐', 'info', '/recommendMore', 21, '/dashboard'),
  page('info_public', '信息公开', 'info', '/publicSubject', 30, 'EyeOutlined'),
  hidden('info_public_list', '信息公开列表', 'info', '/publicSubject/list', 31, '/publicSubject'),
  hidden('info_public_view', '信息公开详情', 'info', '/publicSubject/view', 32, '/publicSubject'),
  page('info_share', '资源共享', 'info', '/share', 40, 'ShareAltOutlined'),
  hidden('info_share_list', '资源共享列表', 'info', '/share/list', 41, '/share'),
  hidden('info_share_view', '资源共享详情', 'info', '/share/view', 42, '/share'),
  page('info_dept', '部门协作', 'info', '/deptsubject', 50, 'PartitionOutlined'),
  hidden('info_dept_list', '部门协作列表', 'info', '/deptsubject/list', 51, '/deptsubject'),
  hidden('info_dept_view', '部门协作详情', 'info', '/deptsubject/view', 52, '/deptsubject'),
];

const RESEARCH: SeedFunction[] = [
  folder('research', '课题与基金', null, 100, 'ExperimentOutlined'),
  page('research_tb', '课题管理', 'research', '/tb', 10, 'ExperimentOutlined'),
  edit('research_tb_info', '课题申报', 'research', '/tb/info', 11, '/tb'),
  edit('research_tb_info_base', '申报基本信息', 'research', '/tb/info_base', 12, '/tb'),
  page('research_tb_dept', '部门课题', 'research', '/tb/dept', 20, 'ApartmentOutlined'),
  page('research_tb_all', '全部课题', 'research', '/tb/all', 30, 'AppstoreAddOutlined'),
  page('research_tb_flow', '进展情况', 'research', '/tb/flow', 40, 'LineChartOutlined'),
  page('research_tb_search', '课题查询', 'research', '/tb/search', 50, 'SearchOutlined'),
  hidden('research_tb_search_pro', '高级查询', 'research', '/tb/search_pro', 51, '/tb/search'),
  page('research_foundation', '课题资助', 'research', '/foundation', 60, 'FundOutlined'),
  edit('research_foundation_add', '新增资助', 'research', '/addFoundation', 61, '/foundation'),
  edit('research_foundation_contract', '资助合同', 'research', '/foundation/addContract', 62, '/foundation'),
  page('research_foundation_manage', '资助管理', 'research', '/foundationMange', 70, 'FundProjectionScreenOutlined'),
];

const SUPERVISE: SeedFunction[] = [
  folder('sup', '督查督办', null, 110, 'AimOutlined'),
  page('sup_task', '督办事项', 'sup', '/supervise', 10, 'AimOutlined'),
  edit('sup_task_edit', '督办立项', 'sup', '/supervise/edit', 11, '/supervise'),
  page('sup_exec_list', '待办督办', 'sup', '/supervise/execList', 20, 'FieldTimeOutlined'),
  edit('sup_exec', '督办执行', 'sup', '/supervise/exec', 21, '/supervise/execList'),
  page('sup_manage', '督办管理', 'sup', '/SuperviseManage', 30, 'MonitorOutlined'),
];

const WEEKLY: SeedFunction[] = [
  folder('weekly', '周报管理', null, 120, 'CalendarOutlined'),
  page('weekly_report', '部门周报', 'weekly', '/weelky', 10, 'CalendarOutlined'),
  edit('weekly_dept_edit', '周报填写', 'weekly', '/weelkyDeptEdit', 11, '/weelky'),
  hidden('weekly_preview', '周报预览', 'weekly', '/weelkyPreview', 12, '/weelky'),
  page('weekly_integrate', '周报汇编', 'weekly', '/weelkyIntegrateEdit', 20, 'MergeCellsOutlined', { noCache: 'Y' }),
  page('weekly_column', '栏目维护', 'weekly', '/weelkyIntegrateColumn', 30, 'InsertRowBelowOutlined'),
  page('weekly_search', '数据查询', 'weekly', '/weelkysearchList', 40, 'FileSearchOutlined'),
];

const BIZ: SeedFunction[] = [folder('biz', '综合业务', null, 130, 'SolutionOutlined')];

const SYS: SeedFunction[] = [
  folder('sys', '系统管理', null, 140, 'SettingOutlined'),
  page('sys_user', '用户管理', 'sys', '/user', 10, 'UserOutlined'),
  page('sys_handover', '工作交接', 'sys', '/handover', 15, 'SwapOutlined'),
  page('sys_role', '角色授权', 'sys', '/role', 20, 'SafetyCertificateOutlined'),
  // 三员分立 (@oa/shared/access/three-admins): role definitions are the system administrator's, grants the security's
  key('sys_role:manage', '角色授权-角色维护', 'sys_role', 1),
  key('sys_role:grant', '角色授权-授权', 'sys_role', 2),
  page('sys_function', '功能管理', 'sys', '/function', 30, 'MenuOutlined'),
  page('sys_member_function', '会员功能管理', 'sys', '/memberFunction', 40, 'BarsOutlined'),
  page('sys_member_role', '会员角色授权', 'sys', '/memberRole', 50, 'UsergroupAddOutlined'),
  key('sys_member_role:manage', '会员角色授权-角色维护', 'sys_member_role', 1),
  key('sys_member_role:grant', '会员角色授权-授权', 'sys_member_role', 2),
  page('sys_column_auth', '栏目用户授权', 'sys', '/information/columnUserAuth', 60, 'KeyOutlined'),
  page('sys_app', '应用发布', 'sys', '/app', 70, 'MobileOutlined'),
  hidden('sys_test', '系统诊断', 'sys', '/test', 80, '/function'),
  folder('sys_flow', '流程管理', 'sys', 90, 'ApartmentOutlined'),
  page('sys_flow_def', '流程配置', 'sys_flow', '/workFlow', 10, 'NodeIndexOutlined'),
  edit('sys_flow_edit', '流程设计', 'sys_flow', '/workFlow/edit', 11, '/workFlow'),
  hidden('sys_flow_preview', '流程预览', 'sys_flow', '/configPreview', 12, '/workFlow'),
  hidden('sys_flow_simulate', '表单模拟', 'sys_flow', '/workflow/jsxPreview', 13, '/workFlow'),
  page('sys_flow_approver', '审批人设置', 'sys_flow', '/workflow/approver', 20, 'UserSwitchOutlined'),
  page('sys_flow_instances', '流程监控', 'sys_flow', '/workflow/ProcessList', 30, 'DeploymentUnitOutlined'),
  page('sys_flow_stats', '流程用时', 'sys_flow', '/workflow/stats', 40, 'FieldTimeOutlined'),
  page('sys_notify', '消息通知', 'sys', '/notifySettings', 95, 'NotificationOutlined'),
  page('sys_backup', '数据备份', 'sys', '/backups', 96, 'DatabaseOutlined'),
  page('sys_print_template', '审批单模板', 'sys', '/printTemplate', 97, 'PrinterOutlined'),
  page('sys_ldap_sync', '目录同步', 'sys', '/ldapSync', 98, 'ClusterOutlined'),
  page('sys_mfa_policy', '登录安全策略', 'sys', '/mfaPolicy', 99, 'SafetyOutlined'),
  page('sys_compliance', '等保自查', 'sys', '/compliance', 100, 'AuditOutlined'),
  page('sys_audit_log', '安全审计', 'sys', '/auditLog', 101, 'SafetyOutlined'),
  page('sys_account_security', '账号与会话', 'sys', '/accountSecurity', 102, 'SafetyCertificateOutlined'),
  page('sys_seal', '印章管理', 'sys', '/seals', 103, 'SafetyOutlined'),
];

/** Hand-offs to the external report tools; reached by links, so the folder itself is hidden too. */
const REPORT: SeedFunction[] = [
  folder('report', '报表', null, 150, 'BarChartOutlined', { isHidden: 'Y' }),
  hidden('report_irpt', '报表中心', 'report', '/toIrpt', 10, '/dashboard'),
  hidden('report_abi', '数据分析', 'report', '/toAbi', 20, '/dashboard'),
];

/** Pages of sibling systems that the spec opens in a new window. */
const PORTAL: SeedFunction[] = [
  folder('portal', '平台入口', null, 160, 'LinkOutlined'),
  page('portal_member', '会员管理', 'portal', '/member/manage/Search', 10, 'IdcardOutlined', {
    isLink: 'Y',
    linkUrl: '/member/manage/Search',
  }),
  page('portal_meeting', '会议管理平台', 'portal', '/meetingManage/meeting', 20, 'ScheduleOutlined', {
    isLink: 'Y',
    linkUrl: '/oa/meetingManage/meeting',
  }),
];

// ---------------------------------------------------------------------------------------------------
// Subject-funding applicants' area ('19'): /foundationForWeb and its children
// ---------------------------------------------------------------------------------------------------

const FW = '/foundationForWeb';
const FW19: Extra = { platformCode: '19' };

const FOUNDATION_WEB: SeedFunction[] = [
  {
    funCode: 'fweb',
    funName: '课题申报平台',
    parentCode: null,
    router: FW,
    sortNo: 10,
    icon: 'FundOutlined',
    menuType: '1',
    isHidden: 'N',
    platformCode: '19',
  },
  page('fweb_index', '首页', 'fweb', `${FW}/index`, 10, 'HomeOutlined', FW19),
  page('fweb_sub', '我的课题', 'fweb', `${FW}/sub`, 20, 'ProfileOutlined', FW19),
  page('fweb_approve', '课题评审', 'fweb', `${FW}/approve`, 30, 'AuditOutlined', FW19),
  page('fweb_tb', '课题进度', 'fweb', `${FW}/tb`, 40, 'LineChartOutlined', FW19),
  page('fweb_info', '单位信息', 'fweb', `${FW}/info`, 50, 'BankOutlined', FW19),
  hidden('fweb_infoview', '单位信息查看', 'fweb', `${FW}/infoview`, 51, `${FW}/info`, FW19),
  page('fweb_maintain', '账号维护', 'fweb', `${FW}/maintain`, 60, 'SettingOutlined', FW19),

  edit('fweb_declare', '课题申报书', 'fweb', `${FW}/subjectDeclare`, 70, `${FW}/sub`, FW19),
  edit('fweb_declare_application_form', '申请表', 'fweb_declare', `${FW}/subjectDeclare/applicationForm`, 10, `${FW}/sub`, FW19),
  edit('fweb_declare_projectbg', '立项依据', 'fweb_declare', `${FW}/subjectDeclare/projectbg`, 20, `${FW}/sub`, FW19),
  edit('fweb_declare_research_proposal', '研究方案', 'fweb_declare', `${FW}/subjectDeclare/researchProposal`, 30, `${FW}/sub`, FW19),
  edit('fweb_declare_research_foundation', '研究基础', 'fweb_declare', `${FW}/subjectDeclare/researchFoundation`, 40, `${FW}/sub`, FW19),
  edit('fweb_declare_staffing_ratio', '人员配备', 'fweb_declare', `${FW}/subjectDeclare/staffingRatio`, 50, `${FW}/sub`, FW19),
  edit('fweb_declare_budget', '经费预算', 'fweb_declare', `${FW}/subjectDeclare/budget`, 60, `${FW}/sub`, FW19),
  edit('fweb_declare_situation', '承担项目情况', 'fweb_declare', `${FW}/subjectDeclare/situation`, 70, `${FW}/sub`, FW19),

  edit('fweb_contract', '课题合同', 'fweb', `${FW}/contract`, 80, `${FW}/sub`, FW19),
  edit('fweb_contract_application', '合同申请', 'fweb_contract', `${FW}/contract/application`, 10, `${FW}/sub`, FW19),
  edit('fweb_contract_background', '项目背景', 'fweb_contract', `${FW}/contract/background`, 20, `${FW}/sub`, FW19),
  edit('fweb_contract_scheme', '实施方案', 'fweb_contract', `${FW}/contract/scheme`, 30, `${FW}/sub`, FW19),
  edit('fweb_contract_basics', '工作基础', 'fweb_contract', `${FW}/contract/basics`, 40, `${FW}/sub`, FW19),
  edit('fweb_contract_gain', '预期成果', 'fweb_contract', `${FW}/contract/gain`, 50, `${FW}/sub`, FW19),
  edit('fweb_contract_matching', '配套条件', 'fweb_contract', `${FW}/contract/matching`, 60, `${FW}/sub`, FW19),
  edit('fweb_contract_budget', '经费预算', 'fweb_contract', `${FW}/contract/budget`, 70, `${FW}/sub`, FW19),
  edit('fweb_contract_clause', '合同条款', 'fweb_contract', `${FW}/contract/clause`, 80, `${FW}/sub`, FW19),

  hidden('fweb_tb_tab1', '基本信息', 'fweb_tb', `${FW}/tb/tab1`, 10, `${FW}/tb`, FW19),
  hidden('fweb_tb_tab2', '进度报告', 'fweb_tb', `${FW}/tb/tab2`, 20, `${FW}/tb`, FW19),
  hidden('fweb_tb_tab3', '中期检查', 'fweb_tb', `${FW}/tb/tab3`, 30, `${FW}/tb`, FW19),
  hidden('fweb_tb_tab4', '结题验收', 'fweb_tb', `${FW}/tb/tab4`, 40, `${FW}/tb`, FW19),
];

// ---------------------------------------------------------------------------------------------------
// Member platform ('4'): the functions edited on /memberFunction and granted on /memberRole.
// These pages live in the member-management system, not in the OA web app.
// ---------------------------------------------------------------------------------------------------

const M4: Extra = { platformCode: '4' };

const MEMBER_PLATFORM: SeedFunction[] = [
  folder('mp', '会员管理', null, 10, 'IdcardOutlined', M4),
  page('mp_list', '会员名录', 'mp', '/member/manage/List', 10, 'UnorderedListOutlined', M4),
  page('mp_apply', '入会审核', 'mp', '/member/manage/Apply', 20, 'AuditOutlined', M4),
  page('mp_fee', '会费管理', 'mp', '/member/manage/Fee', 30, 'MoneyCollectOutlined', M4),
  page('mp_level', '会员等级', 'mp', '/member/manage/Level', 40, 'CrownOutlined', M4),
  page('mp_notice', '会员通知', 'mp', '/member/manage/Notice', 50, 'NotificationOutlined', M4),
];

const PAGES: SeedFunction[] = [
  ...HOME,
  ...TODO,
  ...DOC,
  ...OFFICE,
  ...FOREIGN,
  ...HR,
  ...PARTY,
  ...FINANCE,
  ...INFO,
  ...RESEARCH,
  ...SUPERVISE,
  ...WEEKLY,
  ...BIZ,
  ...SYS,
  ...REPORT,
  ...PORTAL,
  ...FOUNDATION_WEB,
  ...MEMBER_PLATFORM,
];

/** Every function: the folders and the areas' pages above, the modules' pages and permission keys from their declarations. */
const ALL_PAGES: SeedFunction[] = [...PAGES, ...modulePages()];
const PERMISSIONS = modulePermissions(ALL_PAGES);

/** Module code → function code of the page its permission keys sit under (approval and document modules). */
export const APPROVAL_MODULE_PAGES = PERMISSIONS.approvalPages;
/** Register code = function code of its list page; `<code>:create|read|manage` sit under it. */
export const REGISTER_MODULE_PAGES = PERMISSIONS.registerPages;

export const SEED_FUNCTIONS: SeedFunction[] = [...ALL_PAGES, ...PERMISSIONS.functions];
