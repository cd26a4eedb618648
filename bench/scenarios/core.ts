import { hashPassword } from '../../packages/shared/src/crypto/sm3';
import type { BenchScenario } from '../scenario';

/** Foundation endpoints (issue 2): health, user info, the menu, login. */
export const scenarios: BenchScenario[] = [
  { name: 'GET /api/base/health', path: '/oa/api/base/health', auth: 'none' },
  { name: 'GET userinfo/get', path: '/oa/api/auth/base/system/userinfo/get', auth: 'staff' },
  {
    name: 'GET roleFunListByUserCode (菜单, staff)',
    path: '/oa/api/auth/industry/common/roleFunListByUserCode',
    query: { isHidden: 'N', target: '0' },
    auth: 'staff',
  },
  {
    name: 'GET roleFunListByUserCode (菜单, admin)',
    path: '/oa/api/auth/industry/common/roleFunListByUserCode',
    query: { isHidden: 'N', target: '0' },
    auth: 'admin',
  },
  {
    name: 'POST browserLogin (argon2id)',
    method: 'POST',
    path: '/oa/api/base/browserLogin',
    auth: 'none',
    body: { username: 'staff', password: hashPassword('Oa@123456') },
    connections: 4,
  },
];
