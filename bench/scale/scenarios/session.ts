import type { BenchScenario } from '../../scenario';

/**
 * The cost of the session guard alone (issue 18): small authenticated reads. `user/info` answers what the guard
 * read (no work of its own); userinfo adds the granted functions and the password state (kept by the guard).
 */
export const scenarios: BenchScenario[] = [
  { name: '当前用户 user/info (staff)', path: '/oa/api/auth/base/system/user/info', auth: 'staff' },
  { name: '个人信息 userinfo (staff)', path: '/oa/api/auth/base/system/userinfo/get', auth: 'staff' },
  { name: '个人信息 userinfo (leader)', path: '/oa/api/auth/base/system/userinfo/get', auth: 'leader' },
];
