import type { BenchScenario } from '../scenario';

/** Weekly reports, salary slips and supervision (issue 16): the lists people open every day. */
export const scenarios: BenchScenario[] = [
  {
    name: 'GET weekly/periods (部门周报)',
    path: '/oa/api/auth/oa/weekly/periods',
    query: { pageNumber: '1', pageSize: '10' },
    auth: 'staff',
  },
  {
    name: 'GET weekly/search (周报查询)',
    path: '/oa/api/auth/oa/weekly/search',
    query: { keyword: '会议', pageNumber: '1', pageSize: '20' },
    auth: 'staff',
  },
  { name: 'GET salary/grant (工资条验证状态)', path: '/oa/api/auth/oa/salary/grant', auth: 'staff' },
  {
    name: 'GET supervise/list exec (待办督办)',
    path: '/oa/api/auth/oa/supervise/list',
    query: { scope: 'exec', pageNumber: '1', pageSize: '10' },
    auth: 'staff',
  },
  {
    name: 'GET supervise/list all (督办管理)',
    path: '/oa/api/auth/oa/supervise/list',
    query: { scope: 'all', pageNumber: '1', pageSize: '10' },
    auth: 'admin',
  },
  { name: 'GET supervise/due (首页督办到期)', path: '/oa/api/auth/oa/supervise/due', auth: 'staff' },
];
