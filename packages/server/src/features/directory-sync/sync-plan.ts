import { createHash } from 'node:crypto';
import type { DirectoryCounts, SyncChange } from '@oa/shared/contract/directory-sync';
import { isMobile } from '@oa/shared/validate/phone';

/**
 * What a sync changes, worked out from the directory's entries and the local rows without writing anything: the
 * dry run shows it, the sync applies it. Only accounts the directory created (sys_directory_user) are ever changed;
 * a local account of the same name is left alone and reported.
 */

export interface DirPerson {
  login: string;
  name: string;
  mail: string;
  mobile: string;
  dn: string;
  /** the department attribute's value ('' when absent) */
  deptValue: string;
}
export interface DirDept {
  /** 'ou:<normalised DN>' */
  key: string;
  name: string;
  dn: string;
}
export interface LinkedUser {
  user_code: string;
  user_name: string;
  email: string | null;
  mobile: string | null;
  dept_code: string | null;
  status: 'Y' | 'N';
  present: 'Y' | 'N';
  /** the entry's DN at the last sync */
  dn: string;
}
export interface LinkedDept {
  dept_code: string;
  dir_key: string;
  dept_name: string;
  parent_code: string | null;
}
export interface LocalState {
  users: Map<string, LinkedUser>;
  /** local accounts not from the directory whose code a directory login takes */
  localCodes: Set<string>;
  /** mobile → the account holding it */
  mobileOwners: Map<string, string>;
  depts: Map<string, LinkedDept>;
  /** where the directory's top departments go (OA_LDAP_DEPT_PARENT) */
  deptParent: string | null;
}

export interface UserValues {
  user_name: string;
  email: string | null;
  mobile: string | null;
  dept_code: string | null;
}
export interface SyncPlan {
  deptCreates: Array<{ dept_code: string; dir_key: string; dept_name: string; parent_code: string | null }>;
  deptUpdates: Array<{ dept_code: string; dept_name: string; parent_code: string | null }>;
  /** every directory department's key seen (their links are marked present) */
  deptKeys: string[];
  userCreates: Array<{ user_code: string; dn: string; values: UserValues }>;
  userUpdates: Array<{ user_code: string; dn: string; values: Partial<UserValues> }>;
  /** linked accounts whose only change is their entry's DN (moved or renamed in the directory) */
  userSeen: Array<{ user_code: string; dn: string }>;
  userDisables: string[];
  userEnables: string[];
  changes: SyncChange[];
  counts: DirectoryCounts;
}

const LOGIN = /^[A-Za-z0-9_:.-]{1,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A DN compared case-insensitively and without spaces around separators. */
export const normaliseDn = (dn: string) =>
  dn
    .split(',')
    .map((rdn) => rdn.trim().toLowerCase())
    .join(',');
const parentDn = (dn: string) => normaliseDn(dn).split(',').slice(1).join(',');
export const ouKey = (dn: string) => `ou:${normaliseDn(dn)}`;
export const attrKey = (value: string) => `attr:${value}`;
/** A department code the directory's key always gives (every instance and run agrees on it). */
export const deptCodeOf = (key: string) => `LD${createHash('sha256').update(key).digest('hex').slice(0, 10).toUpperCase()}`;

const show = (v: string | null) => v || '（空）';

export function planSync(people: DirPerson[], dirDepts: DirDept[], local: LocalState): SyncPlan {
  const plan: SyncPlan = {
    deptCreates: [],
    deptUpdates: [],
    deptKeys: [],
    userCreates: [],
    userUpdates: [],
    userSeen: [],
    userDisables: [],
    userEnables: [],
    changes: [],
    counts: { usersCreated: 0, usersUpdated: 0, usersDisabled: 0, usersEnabled: 0, deptsCreated: 0, deptsUpdated: 0, skipped: 0 },
  };
  const change = (kind: SyncChange['kind'], code: string, name: string, detail: string) => plan.changes.push({ kind, code, name, detail });

  // departments: OUs (parents first, so a child finds its parent's code), then the values of the department attribute
  const ouKeys = new Set(dirDepts.map((d) => d.key));
  const codeOfKey = new Map<string, string>();
  const wanted: Array<{ key: string; name: string; parentKey: string | null }> = [
    ...[...dirDepts]
      .sort((a, b) => a.dn.split(',').length - b.dn.split(',').length)
      .map((d) => ({ key: d.key, name: d.name, parentKey: ouKeys.has(`ou:${parentDn(d.dn)}`) ? `ou:${parentDn(d.dn)}` : null })),
    ...[...new Set(people.map((p) => p.deptValue).filter(Boolean))].map((v) => ({ key: attrKey(v), name: v, parentKey: null })),
  ];
  for (const d of wanted) {
    const name = d.name.slice(0, 100);
    const parent = d.parentKey ? (codeOfKey.get(d.parentKey) ?? local.deptParent) : local.deptParent;
    const linked = local.depts.get(d.key);
    plan.deptKeys.push(d.key);
    if (!linked) {
      const code = deptCodeOf(d.key);
      codeOfKey.set(d.key, code);
      plan.deptCreates.push({ dept_code: code, dir_key: d.key, dept_name: name, parent_code: parent });
      plan.counts.deptsCreated++;
      change('createDept', code, name, parent ? `上级部门 ${parent}` : '顶级部门');
      continue;
    }
    codeOfKey.set(d.key, linked.dept_code);
    if (linked.dept_name !== name || linked.parent_code !== parent) {
      plan.deptUpdates.push({ dept_code: linked.dept_code, dept_name: name, parent_code: parent });
      plan.counts.deptsUpdated++;
      const parts = [
        ...(linked.dept_name !== name ? [`名称 ${linked.dept_name} → ${name}`] : []),
        ...(linked.parent_code !== parent ? [`上级 ${show(linked.parent_code)} → ${show(parent)}`] : []),
      ];
      change('updateDept', linked.dept_code, name, parts.join('；'));
    }
  }

  // people
  const deptNames = new Map<string, string>([
    ...[...local.depts.values()].map((d) => [d.dept_code, d.dept_name] as const),
    ...[...plan.deptCreates, ...plan.deptUpdates].map((d) => [d.dept_code, d.dept_name] as const),
  ]);
  const deptLabel = (code: string | null) => (code ? (deptNames.get(code) ?? code) : '（空）');
  const seen = new Set<string>();
  const mobiles = new Map(local.mobileOwners);
  const deptOfPerson = (p: DirPerson): string | null => {
    const dn = normaliseDn(p.dn).split(',');
    for (let i = 1; i < dn.length; i++) {
      const code = codeOfKey.get(`ou:${dn.slice(i).join(',')}`);
      if (code) return code;
    }
    return p.deptValue ? (codeOfKey.get(attrKey(p.deptValue)) ?? null) : null;
  };
  const skip = (code: string, name: string, why: string) => {
    plan.counts.skipped++;
    change('skip', code, name, why);
  };
  for (const p of people) {
    if (!LOGIN.test(p.login)) {
      skip(p.login.slice(0, 64) || '（空）', p.name, '登录名为空或含有字母、数字、下划线、冒号、点和横线以外的字符');
      continue;
    }
    if (seen.has(p.login)) {
      skip(p.login, p.name, '目录中有多个条目使用此登录名');
      continue;
    }
    seen.add(p.login);
    if (!p.name) {
      skip(p.login, '', '目录条目缺少姓名');
      continue;
    }
    const linked = local.users.get(p.login);
    if (!linked && local.localCodes.has(p.login)) {
      skip(p.login, p.name, '已有同名的本地账号，未关联（本地账号仍用本地密码登录）');
      continue;
    }
    const mobileOk = !!p.mobile && isMobile(p.mobile) && (!mobiles.has(p.mobile) || mobiles.get(p.mobile) === p.login);
    const values: UserValues = {
      user_name: p.name.slice(0, 64),
      email: EMAIL.test(p.mail) && p.mail.length <= 128 ? p.mail : null,
      mobile: mobileOk ? p.mobile : null,
      dept_code: deptOfPerson(p),
    };
    if (values.mobile) mobiles.set(values.mobile, p.login);
    const note = p.mobile && !mobileOk ? `（手机号 ${p.mobile} 无效或已被其他账号使用，未写入）` : '';
    if (!linked) {
      plan.userCreates.push({ user_code: p.login, dn: p.dn, values });
      plan.counts.usersCreated++;
      change(
        'createUser',
        p.login,
        values.user_name,
        `部门 ${deptLabel(values.dept_code)}，邮箱 ${show(values.email)}，手机 ${show(values.mobile)}${note}`,
      );
      continue;
    }
    const diff: Partial<UserValues> = {};
    const parts: string[] = [];
    const compare = <K extends keyof UserValues>(k: K, label: string, keepWhenEmpty: boolean) => {
      const next = values[k];
      if (next === linked[k] || (keepWhenEmpty && !next)) return;
      diff[k] = next;
      const text = k === 'dept_code' ? deptLabel : show;
      parts.push(`${label} ${text(linked[k])} → ${text(next)}`);
    };
    compare('user_name', '姓名', false);
    compare('email', '邮箱', false);
    compare('mobile', '手机', !!note); // a refused number keeps the one the account has
    compare('dept_code', '部门', true); // a person without a department keeps the account's
    if (linked.present === 'N') {
      plan.userEnables.push(p.login);
      plan.counts.usersEnabled++;
      change('enableUser', p.login, values.user_name, '重新出现在目录中，恢复启用');
    }
    if (parts.length) {
      plan.userUpdates.push({ user_code: p.login, dn: p.dn, values: diff });
      plan.counts.usersUpdated++;
      change('updateUser', p.login, values.user_name, parts.join('；') + note);
    } else if (p.dn !== linked.dn) plan.userSeen.push({ user_code: p.login, dn: p.dn });
  }
  for (const u of local.users.values()) {
    if (seen.has(u.user_code) || u.present === 'N') continue;
    plan.userDisables.push(u.user_code);
    plan.counts.usersDisabled++;
    change(
      'disableUser',
      u.user_code,
      u.user_name,
      u.status === 'Y' ? '已不在目录中，停用账号（记录保留）' : '已不在目录中（账号已是停用状态）',
    );
  }
  return plan;
}
