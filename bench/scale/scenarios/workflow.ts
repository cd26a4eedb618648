import type { BenchScenario } from '../../scenario';
import { deepCursor } from '../deep-cursor';

/** The to-do centre and the process monitor at scale (issue 18): 'leader' holds ~2,000 open tasks. */
const P = '/oa/api/auth/oa/process';

export const scenarios: BenchScenario[] = [
  { name: '待办 首页 (leader)', path: `${P}/todo`, query: { pageNumber: '1', pageSize: '10' }, auth: 'leader' },
  { name: '待办 按模块筛选', path: `${P}/todo`, query: { moduleCode: 'oa_stamp', pageNumber: '1', pageSize: '10' }, auth: 'leader' },
  { name: '待办 深页 (page 190)', path: `${P}/todo`, query: { pageNumber: '190', pageSize: '10' }, auth: 'leader' },
  { name: '待办 关键词', path: `${P}/todo`, query: { keyword: '测试申请700', pageNumber: '1', pageSize: '10' }, auth: 'leader' },
  { name: '已办 首页 (leader)', path: `${P}/done`, query: { pageNumber: '1', pageSize: '10' }, auth: 'leader' },
  { name: '已办 深页 (page 150)', path: `${P}/done`, query: { pageNumber: '150', pageSize: '10' }, auth: 'leader' },
  { name: '我的申请 首页 (staff)', path: `${P}/mine`, query: { pageNumber: '1', pageSize: '10' }, auth: 'staff' },
  { name: '我的申请 按状态', path: `${P}/mine`, query: { status: 'approved', pageNumber: '1', pageSize: '10' }, auth: 'staff' },
  { name: '流程监控 首页', path: `${P}/admin/instances`, query: { pageNumber: '1', pageSize: '10' }, auth: 'admin' },
  {
    name: '流程监控 模块+状态筛选',
    path: `${P}/admin/instances`,
    query: { moduleCode: 'oa_stamp', status: 'running', pageNumber: '1', pageSize: '10' },
    auth: 'admin',
  },
  {
    name: '流程监控 关键词',
    path: `${P}/admin/instances`,
    query: { keyword: '测试申请99984', pageNumber: '1', pageSize: '10' },
    auth: 'admin',
  },
  {
    name: '流程监控 深页 (cursor, 50k 行后)',
    path: `${P}/admin/instances`,
    query: { pageNumber: '5001', pageSize: '10' },
    auth: 'admin',
    prepare: deepCursor(`${P}/admin/instances`, {}, 50_000),
  },
  {
    // the deepest page the API serves by number (offsets stop at the 10,000 counted rows)
    name: '流程监控 页码 1000 (offset 9,990)',
    path: `${P}/admin/instances`,
    query: { pageNumber: '1000', pageSize: '10' },
    auth: 'admin',
  },
];
