import type { ComponentType } from 'react';
import { CONTRACT_STEPS, DECLARE_STEPS } from '@oa/shared/contract/subjects-steps';

/** The applicants' area (spec §2 "Routes with sub-pages"): /foundationForWeb and its children. */
export const FW = '/foundationForWeb';

type Load = () => Promise<{ default: ComponentType }>;
const index: Load = () => import('./fweb-index-page');
const declare: Load = () => import('./fweb-declare-page');
const contract: Load = () => import('./fweb-contract-page');
const tb: Load = () => import('./fweb-tb-page');

interface FwebPage {
  path: string;
  title: string;
  load: Load;
  menu?: string;
}

export const FWEB_PAGES: FwebPage[] = [
  { path: `${FW}/index`, title: '首页', load: index, menu: 'index' },
  { path: `${FW}/sub`, title: '我的课题', load: () => import('./fweb-sub-page'), menu: 'sub' },
  { path: `${FW}/approve`, title: '评审结果', load: () => import('./fweb-approve-page'), menu: 'approve' },
  { path: `${FW}/info`, title: '单位信息', load: () => import('./fweb-info-page'), menu: 'info' },
  { path: `${FW}/infoview`, title: '单位信息查看', load: () => import('./fweb-infoview-page'), menu: 'info' },
  { path: `${FW}/maintain`, title: '账号维护', load: () => import('./fweb-maintain-page'), menu: 'maintain' },
  ...DECLARE_STEPS.map((s) => ({ path: `${FW}/subjectDeclare/${s.key}`, title: `课题申报书 · ${s.title}`, load: declare, menu: 'sub' })),
  ...CONTRACT_STEPS.map((s) => ({ path: `${FW}/contract/${s.key}`, title: `课题合同 · ${s.title}`, load: contract, menu: 'sub' })),
  ...[
    ['tab1', '基本信息'],
    ['tab2', '进度报告'],
    ['tab3', '中期检查'],
    ['tab4', '结题验收'],
  ].map(([k, t]) => ({ path: `${FW}/tb/${k}`, title: `课题进度 · ${t}`, load: tb, menu: 'tb' })),
];

const byKey = new Map(FWEB_PAGES.map((p) => [p.path.toLowerCase(), p]));

/** The page of a path under /foundationForWeb (case-insensitive), or undefined. */
export const fwebPage = (path: string): FwebPage | undefined => byKey.get(path.replace(/\/+$/, '').toLowerCase());
