import fs from 'node:fs';

/**
 * The association's LDAP / Active Directory (docs/configuration.md「目录服务」), configured by environment. Absent OA_LDAP_URL or
 * OA_LDAP_USER_BASE: no directory — every account logs in with its local password and there is no sync.
 */
export interface DirectoryConfig {
  /** ldap://host:389 or ldaps://host:636 */
  url: string;
  /** OA_LDAP_STARTTLS=on: upgrade an ldap:// connection with STARTTLS before binding */
  startTls: boolean;
  /** OA_LDAP_CA_FILE: the CA certificate(s) that sign the directory's certificate (PEM) */
  ca: Buffer | null;
  /** the service account that searches (OA_LDAP_BIND_DN / OA_LDAP_BIND_PASSWORD); null: anonymous search */
  bindDn: string | null;
  bindPassword: string;
  userBase: string;
  /** an RFC 4515 filter naming the people to sync (OA_LDAP_USER_FILTER) */
  userFilter: string;
  /** attribute names (OA_LDAP_ATTR_*): the login (becomes the account), name, mail, mobile, department */
  attrs: { login: string; name: string; mail: string; mobile: string; dept: string | null };
  /** OA_LDAP_DEPT_BASE: the organizational units under it become departments, a person belongs to the OU it sits in */
  deptBase: string | null;
  deptFilter: string;
  deptNameAttr: string;
  /** OA_LDAP_DEPT_PARENT: the local department the directory's top departments are placed under (null: top level) */
  deptParent: string | null;
  /** OA_LDAP_SYNC_MINUTES: the interval of the scheduled sync (0: only by hand) */
  syncMinutes: number;
  /** entries per page of a search (paged results control) */
  pageSize: number;
  /** connect and operation timeout (ms) */
  timeoutMs: number;
}

const text = (env: NodeJS.ProcessEnv, key: string): string | null => env[key]?.trim() || null;
const count = (raw: string | null, fallback: number): number => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 0 ? n : fallback;
};

export function directoryConfigOf(env: NodeJS.ProcessEnv): DirectoryConfig | null {
  const url = text(env, 'OA_LDAP_URL');
  const userBase = text(env, 'OA_LDAP_USER_BASE');
  if (!url || !userBase) return null;
  if (!/^ldaps?:\/\//i.test(url)) throw new Error('OA_LDAP_URL 须以 ldap:// 或 ldaps:// 开头');
  const caFile = text(env, 'OA_LDAP_CA_FILE');
  return {
    url,
    startTls: env.OA_LDAP_STARTTLS === 'on',
    ca: caFile ? fs.readFileSync(caFile) : null,
    bindDn: text(env, 'OA_LDAP_BIND_DN'),
    bindPassword: env.OA_LDAP_BIND_PASSWORD ?? '',
    userBase,
    userFilter: text(env, 'OA_LDAP_USER_FILTER') ?? '(objectClass=inetOrgPerson)',
    attrs: {
      login: text(env, 'OA_LDAP_ATTR_LOGIN') ?? 'uid',
      name: text(env, 'OA_LDAP_ATTR_NAME') ?? 'cn',
      mail: text(env, 'OA_LDAP_ATTR_MAIL') ?? 'mail',
      mobile: text(env, 'OA_LDAP_ATTR_MOBILE') ?? 'mobile',
      dept: text(env, 'OA_LDAP_ATTR_DEPT'),
    },
    deptBase: text(env, 'OA_LDAP_DEPT_BASE'),
    deptFilter: text(env, 'OA_LDAP_DEPT_FILTER') ?? '(objectClass=organizationalUnit)',
    deptNameAttr: text(env, 'OA_LDAP_DEPT_NAME_ATTR') ?? 'ou',
    deptParent: text(env, 'OA_LDAP_DEPT_PARENT'),
    syncMinutes: count(text(env, 'OA_LDAP_SYNC_MINUTES'), 60),
    pageSize: Math.max(1, count(text(env, 'OA_LDAP_PAGE_SIZE'), 500)),
    timeoutMs: Math.max(500, count(text(env, 'OA_LDAP_TIMEOUT_MS'), 5000)),
  };
}
