import {
  DEPTS_DN,
  BASE_DN,
  SERVICE_DN,
  SERVICE_PASSWORD,
  ouLdif,
  personLdif,
  startSlapd,
  type DirectoryPerson,
} from '@oa/shared/test/slapd-kit';
import { directoryConfigOf, type DirectoryConfig } from '../src/core/identity/directory-config';

/**
 * The sample directory of the directory login and sync tests: departments as OUs (会员部 with 会员一科 inside it),
 * one person placed by the department attribute only, and an entry named like the local `admin`. The server's size
 * limit (3) is below the number of people and a page holds 2, so only a paged search reads them all.
 */
export const PEOPLE: DirectoryPerson[] = [
  { uid: 'zhaoyun', cn: '赵云', password: '{SSHA}', mail: 'zhaoyun@assoc.test', mobile: '13911110001', ou: '财务部' },
  { uid: 'machao', cn: '马超', password: 'Machao#2026', mail: 'machao@assoc.test', mobile: '13911110002', ou: '会员部' },
  { uid: 'weiyan', cn: '魏延', password: 'Weiyan#2026', mail: 'weiyan@assoc.test', ou: '会员一科,ou=会员部' },
  { uid: 'huangzhong', cn: '黄忠', password: 'Huang#2026', departmentNumber: '外联部' },
  { uid: 'admin', cn: '目录里的admin', password: 'Dir#admin1' },
];
/** 赵云's password as typed; the directory holds it as {SSHA}. */
export const ZHAOYUN_PASSWORD = 'Zhaoyun#2026';

export async function startSampleDirectory(opts: { tls?: boolean } = {}) {
  const { execFileSync } = await import('node:child_process');
  const ssha = execFileSync('/usr/sbin/slappasswd', ['-h', '{SSHA}', '-s', ZHAOYUN_PASSWORD]).toString().trim();
  const people = PEOPLE.map((p) => (p.uid === 'zhaoyun' ? { ...p, password: ssha } : p));
  const ldif = [ouLdif('财务部'), ouLdif('会员部'), ouLdif('会员一科', `ou=会员部,${DEPTS_DN}`), ...people.map(personLdif)].join('\n');
  return startSlapd(ldif, { sizeLimit: 3, ...opts });
}

export const sampleConfig = (url: string, extra: Record<string, string> = {}): DirectoryConfig =>
  directoryConfigOf({
    OA_LDAP_URL: url,
    OA_LDAP_BIND_DN: SERVICE_DN,
    OA_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
    OA_LDAP_USER_BASE: BASE_DN,
    OA_LDAP_USER_FILTER: '(objectClass=inetOrgPerson)',
    OA_LDAP_ATTR_DEPT: 'departmentNumber',
    OA_LDAP_DEPT_BASE: DEPTS_DN,
    OA_LDAP_PAGE_SIZE: '2',
    OA_LDAP_SYNC_MINUTES: '0',
    ...extra,
  })!;
