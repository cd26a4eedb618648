import { describe, expect, it } from 'vitest';
import { MODULES } from '@oa/shared/modules/registry';
import { APPROVAL_MODULE_PAGES, REGISTER_MODULE_PAGES, SEED_FUNCTIONS } from './functions.data';
import type { SeedFunction } from './seed-function';

const FW = '/foundationForWeb';

/** Every route of product-spec §2 that is a function ('/' only redirects to /dashboard; /login, /404, /401,
 * /PreviewForApp, /redirect/*, /workflow/kk are outside the menu). */
const SPEC_ROUTES: string[] = [
  // Home tabs
  '/dashboard',
  '/cooperationIndex',
  '/workIndex',
  '/mandatoryIndex',
  '/serviceIndex',
  // Routes inside the main layout
  '/contract',
  '/contractPreview',
  '/contract/edit',
  '/contractManage',
  '/tb',
  '/tb/dept',
  '/tb/all',
  '/tb/flow',
  '/tb/search',
  '/tb/search_pro',
  '/tb/info',
  '/tb/info_base',
  '/personal',
  '/receipt',
  '/receiptEdit',
  '/receiptManager',
  '/receiptPreview',
  '/salary',
  '/weelky',
  '/weelkyIntegrateEdit',
  '/weelkyIntegrateColumn',
  '/weelkyPreview',
  '/weelkysearchList',
  '/weelkyDeptEdit',
  '/address/detail',
  '/supervise',
  '/supervise/edit',
  '/supervise/execList',
  '/supervise/exec',
  '/SuperviseManage',
  '/live',
  '/live/index',
  '/live/edit',
  '/live/list',
  '/live/play',
  '/deptDispatch',
  '/deptDispatchEdit',
  '/deptDispatchPreview',
  '/deptDispatchType',
  '/deptReceipt',
  '/deptReceiptEdit',
  '/deptReceiptPreview',
  '/deptReceiptType',
  '/publicSubject',
  '/publicSubject/list',
  '/publicSubject/view',
  '/share',
  '/share/list',
  '/share/view',
  '/deptsubject',
  '/deptsubject/list',
  '/deptsubject/view',
  '/dispatch',
  '/dispatchEdit',
  '/dispatchPreview',
  '/dispatchManage',
  '/dispatchManageApprove',
  '/reward',
  '/reward/edit',
  '/reward/preview',
  '/reward/setting',
  '/reward/settingEdit',
  '/device',
  '/deviceManager',
  '/deviceSenior',
  '/information',
  '/information/edit',
  '/information/columnUserAuth',
  '/information/view',
  '/information/recommend',
  '/informationMore',
  '/recommendMore',
  '/information/preview',
  '/stamp',
  '/stampEdit',
  '/stampPreview',
  '/meeting',
  '/meetingEdit',
  '/meeting/editMeeting',
  '/meeting/detail',
  '/sign',
  '/signEdit',
  '/signPreview',
  '/signManage',
  '/signDeal',
  '/briefing',
  '/briefingEdit',
  '/briefingPreview',
  '/briefingList',
  '/lend',
  '/lendEdit',
  '/lendPreview',
  '/process',
  '/role',
  '/user',
  '/message',
  '/foundation',
  '/foundationMange',
  '/addFoundation',
  '/foundation/addContract',
  '/app',
  '/certificat',
  '/certificat/edit',
  '/workFlow',
  '/workFlow/edit',
  '/configPreview',
  '/workflow/approver',
  '/workflow/jsxPreview',
  '/workflow/ProcessList',
  '/circulation',
  '/circulation/edit',
  '/circulationPreview',
  '/btrip',
  '/btripPreview',
  '/btripEdit',
  '/seniorEdit',
  '/TelManage',
  '/OfficeSuppliesManage',
  '/WorkPlan',
  '/CallLog',
  '/MechanicalOverview',
  '/License',
  '/OnlineCar',
  '/Email',
  '/Express',
  '/Passport',
  '/Invite',
  '/Visit',
  '/Borrow',
  '/Note',
  '/Leave',
  '/Payment',
  '/GoAbroad',
  '/Branch',
  '/Conference',
  '/Suggestion',
  '/PaymentManage',
  '/SeniorManage',
  '/PersonManage',
  '/BranchManage',
  '/PartyFee',
  '/LabourManage',
  '/LabourFee',
  '/StaffManage',
  '/PersonalContractManage',
  '/AppraisalManage',
  '/Attendance',
  '/LeaveManage',
  '/function',
  '/memberFunction',
  '/memberRole',
  '/personnelDynamics',
  '/dynamicsType',
  '/bulletinBoard',
  '/bulletinBoardEdit',
  '/employmentAndResignation',
  '/applyList',
  '/deptFlowList',
  '/employmentFormView',
  '/resignationFormView',
  '/bigEvents',
  '/eventEdit',
  '/eventPreview',
  '/eventApprovalDetail',
  '/legalInfo',
  '/legalEdit',
  '/legalPreview',
  '/seniorPreview',
  '/archive',
  '/receiptPre',
  '/dispatchPre',
  '/archivePre',
  '/archive/rollList',
  '/archiveDetail',
  // Routes with sub-pages
  FW,
  `${FW}/index`,
  `${FW}/approve`,
  `${FW}/sub`,
  `${FW}/info`,
  `${FW}/infoview`,
  `${FW}/maintain`,
  `${FW}/subjectDeclare`,
  `${FW}/subjectDeclare/applicationForm`,
  `${FW}/subjectDeclare/projectbg`,
  `${FW}/subjectDeclare/researchProposal`,
  `${FW}/subjectDeclare/researchFoundation`,
  `${FW}/subjectDeclare/staffingRatio`,
  `${FW}/subjectDeclare/budget`,
  `${FW}/subjectDeclare/situation`,
  `${FW}/contract`,
  `${FW}/contract/application`,
  `${FW}/contract/background`,
  `${FW}/contract/scheme`,
  `${FW}/contract/basics`,
  `${FW}/contract/gain`,
  `${FW}/contract/matching`,
  `${FW}/contract/budget`,
  `${FW}/contract/clause`,
  `${FW}/tb`,
  `${FW}/tb/tab1`,
  `${FW}/tb/tab2`,
  `${FW}/tb/tab3`,
  `${FW}/tb/tab4`,
  // Outside the main layout, kept as hidden functions
  '/test',
  '/toIrpt',
  '/toAbi',
  // Shell: opened in a new window
  '/member/manage/Search',
  '/meetingManage/meeting',
];

const NOT_FUNCTIONS = ['/', '/login', '/oa/login', '/404', '/401', '/PreviewForApp', '/redirect', '/workflow/kk'];

const byCode = new Map(SEED_FUNCTIONS.map((f) => [f.funCode, f]));
const isHidden = (f: SeedFunction): boolean => f.isHidden === 'Y';
const platformOf = (f: SeedFunction): string => f.platformCode ?? '1';

describe('SEED_FUNCTIONS', () => {
  it('the spec route list itself has no duplicates', () => {
    expect(new Set(SPEC_ROUTES).size).toBe(SPEC_ROUTES.length);
  });

  it('has unique funCodes', () => {
    const codes = SEED_FUNCTIONS.map((f) => f.funCode);
    const dupes = codes.filter((c, i) => codes.indexOf(c) !== i);
    expect(dupes).toEqual([]);
  });

  it('names funCodes area-prefixed lower snake case, permissions as <module>:<action>', () => {
    for (const f of SEED_FUNCTIONS) {
      if (f.menuType === '2')
        expect(f.funCode, f.funCode).toMatch(/^[a-z][A-Za-z0-9]*(_[A-Za-z0-9]+)*:(create|read|manage|approve|grant)$/);
      else expect(f.funCode, f.funCode).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    }
  });

  it('has a Chinese name, a positive sort number and no "amount" icon everywhere', () => {
    for (const f of SEED_FUNCTIONS) {
      expect(f.funName, f.funCode).toMatch(/[\u4e00-\u9fa5]/);
      expect(f.sortNo, f.funCode).toBeGreaterThan(0);
      expect(f.icon ?? '', f.funCode).not.toBe('amount');
      if (f.icon !== undefined) expect(f.icon, f.funCode).toMatch(/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/);
    }
  });

  it('has an existing parent for every parentCode, on the same platform', () => {
    for (const f of SEED_FUNCTIONS) {
      if (f.parentCode === null) continue;
      const parent = byCode.get(f.parentCode);
      expect(parent, `${f.funCode} → ${f.parentCode}`).toBeDefined();
      if (parent && f.menuType !== '2') expect(platformOf(parent), f.funCode).toBe(platformOf(f));
      if (parent) expect(parent.menuType, `${f.funCode} under a permission`).not.toBe('2');
    }
  });

  it('has no cycles', () => {
    for (const f of SEED_FUNCTIONS) {
      const seen = new Set<string>([f.funCode]);
      let cur: SeedFunction | undefined = f;
      while (cur && cur.parentCode !== null) {
        expect(seen.has(cur.parentCode), `cycle through ${f.funCode}`).toBe(false);
        seen.add(cur.parentCode);
        cur = byCode.get(cur.parentCode);
      }
    }
  });

  it('contains every route of spec §2 exactly once', () => {
    const routers = SEED_FUNCTIONS.map((f) => f.router).filter((r): r is string => r !== null);
    for (const route of SPEC_ROUTES) {
      expect(routers.filter((r) => r === route).length, route).toBe(1);
    }
  });

  it('has no duplicate routers and no routes that are not functions', () => {
    const routers = SEED_FUNCTIONS.map((f) => f.router).filter((r): r is string => r !== null);
    expect(routers.filter((r, i) => routers.indexOf(r) !== i)).toEqual([]);
    for (const r of NOT_FUNCTIONS) expect(routers, r).not.toContain(r);
    // Every OA / foundation route is a spec route, one of the few pages our design adds (the system-wide
    // search results of the top bar, the administrator's message channels, backups, print templates, the hand-over
    // of a leaver's work, the step statistics, the directory sync, the two-factor policy, the 等保 self-check, the audit trail, the security administrator's locks and sessions, the seal registry and the member units' register) or a
    // page of a module added since (its declaration is its spec); only member-platform pages add their own.
    const OUR_ROUTES = [
      '/search',
      '/notifySettings',
      '/backups',
      '/handover',
      '/printTemplate',
      '/workflow/stats',
      '/ldapSync',
      '/mfaPolicy',
      '/compliance',
      '/auditLog',
      '/accountSecurity',
      '/seals',
      '/memberUnits',
      ...MODULES.flatMap((m) => (m.menu ? [m.routes.list, ...(m.menu.pages ?? []).map((p) => p.route)] : [])),
    ];
    for (const f of SEED_FUNCTIONS) {
      if (f.router !== null && platformOf(f) !== '4') expect([...SPEC_ROUTES, ...OUR_ROUTES], f.funCode).toContain(f.router);
    }
  });

  it('gives folders no router, pages a router starting with "/", permissions none', () => {
    for (const f of SEED_FUNCTIONS) {
      if (f.menuType === '1') expect(f.router ?? '', f.funCode).toMatch(/^\//);
      else expect(f.router, f.funCode).toBeNull();
    }
  });

  it('gives every hidden page a routerSelected that is a visible page route of the same platform', () => {
    const visible = new Map(
      SEED_FUNCTIONS.filter((f) => f.menuType === '1' && !isHidden(f) && f.router !== null).map((f) => [f.router, f]),
    );
    for (const f of SEED_FUNCTIONS.filter((x) => x.menuType === '1' && isHidden(x))) {
      expect(f.routerSelected, f.funCode).toBeDefined();
      const target = visible.get(f.routerSelected ?? '');
      expect(target, `${f.funCode} selects ${f.routerSelected}`).toBeDefined();
      if (target) expect(platformOf(target), f.funCode).toBe(platformOf(f));
    }
  });

  it('has the home tabs visible, /personal uncached, links opening in a new window', () => {
    const byRouter = new Map(SEED_FUNCTIONS.filter((f) => f.router).map((f) => [f.router, f]));
    for (const r of ['/dashboard', '/cooperationIndex', '/workIndex', '/mandatoryIndex', '/serviceIndex']) {
      expect(byRouter.get(r)?.isHidden, r).toBe('N');
      expect(byRouter.get(r)?.parentCode, r).toBe('home');
    }
    expect(byRouter.get('/personal')?.noCache).toBe('Y');
    for (const r of ['/member/manage/Search', '/meetingManage/meeting']) expect(byRouter.get(r)?.isLink, r).toBe('Y');
    // the member pages live in the member system; the meeting management page is this app's own (under /oa/)
    expect(byRouter.get('/member/manage/Search')?.linkUrl).toBe('/member/manage/Search');
    expect(byRouter.get('/meetingManage/meeting')?.linkUrl).toBe('/oa/meetingManage/meeting');
    for (const r of ['/test', '/toIrpt', '/toAbi']) expect(byRouter.get(r)?.isHidden, r).toBe('Y');
    expect(byRouter.get('/test')?.parentCode).toBe('sys');
    expect(byRouter.get('/toIrpt')?.parentCode).toBe('report');
    expect(byRouter.get('/toAbi')?.parentCode).toBe('report');
  });

  it('puts the whole /foundationForWeb area on platform 19 and nothing else there', () => {
    for (const f of SEED_FUNCTIONS) {
      const inArea = f.router === FW || (f.router ?? '').startsWith(`${FW}/`);
      if (f.router !== null) expect(platformOf(f) === '19', f.funCode).toBe(inArea);
    }
  });

  it('has create/read/manage/approve permissions for every approval and document module', () => {
    const approvals = MODULES.filter((m) => m.kind === 'approval').length;
    expect(approvals).toBeGreaterThanOrEqual(32); // 28 + oa_meeting, oa_subject, oa_subjectContract, oa_information
    expect(APPROVAL_MODULE_PAGES).toHaveLength(approvals);
    for (const [moduleCode, pageFunCode] of APPROVAL_MODULE_PAGES) {
      const owner = byCode.get(pageFunCode);
      expect(owner?.menuType, pageFunCode).toBe('1');
      for (const action of ['create', 'read', 'manage', 'approve']) {
        const p = byCode.get(`${moduleCode}:${action}`);
        expect(p, `${moduleCode}:${action}`).toBeDefined();
        expect(p?.menuType).toBe('2');
        expect(p?.isHidden).toBe('Y');
        expect(p?.parentCode).toBe(pageFunCode);
        expect(p?.funName.startsWith(`${owner?.funName}-`)).toBe(true);
      }
    }
    expect(SEED_FUNCTIONS.filter((f) => f.menuType === '2')).toHaveLength(approvals * 4 + REGISTER_MODULE_PAGES.length * 3 + 1 + 4); // + fin_salary:manage (issue 16), the role pages' :manage and :grant (三员分立)
  });

  it('has create/read/manage permissions (no approve) under every register page', () => {
    expect(REGISTER_MODULE_PAGES).toEqual(MODULES.filter((m) => m.kind === 'register').map((m) => m.code));
    expect(REGISTER_MODULE_PAGES.length).toBeGreaterThanOrEqual(22);
    for (const code of REGISTER_MODULE_PAGES) {
      expect(byCode.get(code)?.menuType, code).toBe('1');
      for (const action of ['create', 'read', 'manage'])
        expect(byCode.get(`${code}:${action}`)?.parentCode, `${code}:${action}`).toBe(code);
      expect(byCode.get(`${code}:approve`), code).toBeUndefined();
    }
  });

  it('has every top-level folder reach at least one page', () => {
    const childrenOf = (code: string): SeedFunction[] => SEED_FUNCTIONS.filter((f) => f.parentCode === code);
    const hasPage = (code: string): boolean =>
      childrenOf(code).some((c) => c.menuType === '1' || (c.menuType === '0' && hasPage(c.funCode)));
    for (const f of SEED_FUNCTIONS.filter((x) => x.menuType === '0')) expect(hasPage(f.funCode), f.funCode).toBe(true);
  });
});
