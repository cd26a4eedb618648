/**
 * Address book and cards under load (issue 7): with 2,000 generated users an address-book search
 * answers in under 50 ms on the server. The search scenarios use one connection, so p50/p99 are the
 * answer time of one request rather than queueing. The bench runner generates the users.
 */
import type { BenchScenario } from '../scenario';

export const scenarios: BenchScenario[] = [
  {
    name: 'addressBookList pinyin initials',
    path: '/oa/api/auth/industry/common/addressBookList',
    query: { keyword: 'zs', orgCode: 'ASSOC', platformCode: '1' },
    auth: 'staff',
    connections: 1,
  },
  {
    name: 'addressBookList full pinyin',
    path: '/oa/api/auth/industry/common/addressBookList',
    query: { keyword: 'zhang', orgCode: 'ASSOC', platformCode: '1' },
    auth: 'staff',
    connections: 1,
  },
  {
    name: 'addressBookList everyone',
    path: '/oa/api/auth/industry/common/addressBookList',
    query: { keyword: '', orgCode: 'ASSOC', platformCode: '1' },
    auth: 'staff',
    connections: 1,
  },
  {
    name: 'addressBookList phone fragment',
    path: '/oa/api/auth/industry/common/addressBookList',
    query: { keyword: '6851', orgCode: 'ASSOC', platformCode: '1' },
    auth: 'staff',
    connections: 1,
  },
  {
    name: 'addressBookList mobile fragment (viewer)',
    path: '/oa/api/auth/industry/common/addressBookList',
    query: { keyword: '1389', orgCode: 'ASSOC', platformCode: '1' },
    auth: 'admin',
    connections: 1,
  },
  {
    name: 'myBusinessCard',
    path: '/oa/api/auth/industry/common/myBusinessCard',
    query: { userCode: 'leader', platformCode: '1', orgCode: 'ASSOC' },
    auth: 'staff',
  },
  { name: 'myPersonalCenter', path: '/oa/api/auth/industry/common/myPersonalCenter', auth: 'staff' },
  {
    name: 'appPublishList (sidebar)',
    path: '/oa/api/auth/industry/information/ordinary/appPublishList',
    query: { pageNumber: '1', pageSize: '5', isPublish: 'Y' },
    auth: 'staff',
  },
];
