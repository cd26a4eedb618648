import type { BenchScenario } from '../../scenario';

/** The cost of the session guard alone (issue 18): small authenticated reads whose own work is one or two queries. */
export const scenarios: BenchScenario[] = [
  { name: '个人信息 userinfo (staff)', path: '/oa/api/auth/base/system/userinfo/get', auth: 'staff' },
  { name: '个人信息 userinfo (leader)', path: '/oa/api/auth/base/system/userinfo/get', auth: 'leader' },
];
