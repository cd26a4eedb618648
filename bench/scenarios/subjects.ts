import type { BenchScenario } from '../scenario';

/** Research subjects (issue 17): the staff lists and searches, the progress statistics. */
export const scenarios: BenchScenario[] = [
  { name: 'GET subjects/allList (全部课题)', path: '/oa/api/auth/oa/subjects/allList', query: { pageSize: '20' }, auth: 'admin' },
  {
    name: 'GET subjects/search (年度+状态+经费区间)',
    path: '/oa/api/auth/oa/subjects/search',
    query: { year: String(new Date().getFullYear() - 1), status: 'in_progress', budgetMin: '100000', budgetMax: '300000' },
    auth: 'admin',
  },
  {
    name: 'GET subjects/search (负责人+单位)',
    path: '/oa/api/auth/oa/subjects/search',
    query: { leader: '钱', org: '大学' },
    auth: 'admin',
  },
  { name: 'GET subjects/stats (进展情况)', path: '/oa/api/auth/oa/subjects/stats', auth: 'admin' },
];
