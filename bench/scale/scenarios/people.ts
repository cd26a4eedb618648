import { hashPassword } from '../../../packages/shared/src/crypto/sm3';
import type { BenchScenario } from '../../scenario';

/** The address book of 10,000 users and login (issue 18). */
const AB = '/oa/api/auth/industry/common/addressBookList';

export const scenarios: BenchScenario[] = [
  { name: '通讯录 全部', path: AB, query: { keyword: '', orgCode: 'ASSOC', platformCode: '1' }, auth: 'staff' },
  // as a browser asks it: 2 MB of JSON, compressed (deflated in pieces, address-book.snapshot.ts)
  {
    name: '通讯录 全部 (压缩)',
    path: AB,
    query: { keyword: '', orgCode: 'ASSOC', platformCode: '1' },
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    auth: 'staff',
  },
  { name: '通讯录 拼音首字母', path: AB, query: { keyword: 'zs', orgCode: 'ASSOC', platformCode: '1' }, auth: 'staff' },
  // what the web app asks (address-book.api.ts): the first screen (departments with counts), then a department's page
  {
    name: '通讯录 首屏 (brief)',
    path: AB,
    query: { keyword: '', orgCode: 'ASSOC', platformCode: '1', brief: 'Y' },
    auth: 'staff',
  },
  {
    name: '通讯录 部门成员页',
    path: '/oa/api/auth/industry/common/addressBookMembers',
    query: { deptCode: 'D03', keyword: '', platformCode: '1', pageNumber: '3', pageSize: '20' },
    auth: 'staff',
  },
  {
    name: '登录 (argon2id)',
    method: 'POST',
    path: '/oa/api/base/browserLogin',
    auth: 'none',
    body: { username: 'staff', password: hashPassword('Oa@123456') },
  },
];
