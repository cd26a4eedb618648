import type { BenchScenario } from '../../scenario';
import { deepCursor } from '../deep-cursor';

/** Module and register lists at scale (issue 18): first, filtered and deep page, keyword search, a 5,000-row export. */
const R = '/oa/api/auth/oa/records';
const f = (filters: Record<string, unknown>) => JSON.stringify(filters);
/** The common title word of the data set (bench/scale/generate-scale.ts) and the scenario the bench holds to ≤ 20 ms. */
export const TITLE_WORD = '合作协议';
export const TITLE_WORD_SCENARIO = '用印 常见词 (标题, 合作协议)';

export const scenarios: BenchScenario[] = [
  { name: '用印 管理视图 首页', path: `${R}/oa_stamp/list`, query: { view: 'manage', pageNumber: '1', pageSize: '10' }, auth: 'admin' },
  {
    name: '用印 管理视图 表单字段筛选',
    path: `${R}/oa_stamp/list`,
    query: { view: 'manage', filters: f({ sealType: '公章' }), pageNumber: '1', pageSize: '10' },
    auth: 'admin',
  },
  {
    name: '用印 管理视图 深页 (cursor, 30k 行后)',
    path: `${R}/oa_stamp/list`,
    query: { view: 'manage', pageNumber: '3001', pageSize: '10' },
    auth: 'admin',
    prepare: deepCursor(`${R}/oa_stamp/list`, { view: 'manage' }, 30_000),
  },
  {
    // the deepest page the API serves by number (offsets stop at the 10,000 counted rows)
    name: '用印 管理视图 页码 1000 (offset 9,990)',
    path: `${R}/oa_stamp/list`,
    query: { view: 'manage', pageNumber: '1000', pageSize: '10' },
    auth: 'admin',
  },
  { name: '用印 我的 首页 (staff)', path: `${R}/oa_stamp/list`, query: { pageNumber: '1', pageSize: '10' }, auth: 'staff' },
  { name: '用印 部门负责人 首页 (leader)', path: `${R}/oa_stamp/list`, query: { pageNumber: '1', pageSize: '10' }, auth: 'leader' },
  {
    name: '用印 关键词 (标题)',
    path: `${R}/oa_stamp/list`,
    query: { view: 'manage', filters: f({ title: '测试申请99984' }), pageNumber: '1', pageSize: '10' },
    auth: 'admin',
  },
  // a common word: 合作协议 ends every fifth title (200,000 of the 1,000,000 records, ~8,300 of 用印's)
  {
    name: TITLE_WORD_SCENARIO,
    path: `${R}/oa_stamp/list`,
    query: { view: 'manage', filters: f({ title: TITLE_WORD }), pageNumber: '1', pageSize: '10' },
    auth: 'admin',
  },
  {
    name: '用印 常见词 (标题, 合作协议) 我的 (staff)',
    path: `${R}/oa_stamp/list`,
    query: { filters: f({ title: TITLE_WORD }), pageNumber: '1', pageSize: '10' },
    auth: 'staff',
  },
  {
    name: '全站检索 (记录)',
    path: '/oa/api/auth/oa/search',
    query: { q: '测试申请99984', kind: 'record', pageSize: '15' },
    auth: 'admin',
  },
  { name: '话费台账 首页', path: `${R}/office_tel/list`, query: { pageNumber: '1', pageSize: '10' }, auth: 'admin' },
  {
    name: '话费台账 筛选 (运营商)',
    path: `${R}/office_tel/list`,
    query: { filters: f({ carrier: '中国移动' }), pageNumber: '1', pageSize: '10' },
    auth: 'admin',
  },
  {
    name: '话费台账 深页 (cursor, 20k 行后)',
    path: `${R}/office_tel/list`,
    query: { pageNumber: '2001', pageSize: '10' },
    auth: 'admin',
    prepare: deepCursor(`${R}/office_tel/list`, {}, 20_000),
  },
];

/** About 5,000 rows of 用印 (one created every 12 minutes): the export scenario, also run beside a /health probe. */
export const exportScenario: BenchScenario = {
  name: '用印 导出 ~5,000 行',
  path: `${R}/oa_stamp/export`,
  query: { view: 'manage', filters: f({ createdAt: ['2020-01-01', '2020-02-11'] }) },
  auth: 'admin',
};
