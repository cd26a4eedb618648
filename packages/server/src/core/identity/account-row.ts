import type { UserTable } from '../../db/schema/system';
import { namePinyin } from '../search/pinyin';

/** What one way of making an account (the administrator's form, an import, single sign-on, the directory) knows of it. */
export interface NewAccount {
  userCode: string;
  userName: string;
  passwordHash: string;
  deptCode: string | null;
  mobile?: string | null;
  email?: string | null;
  sex?: string | null;
  tel?: string | null;
  room?: string | null;
  position?: string | null;
  sortNo?: number;
  /** 'Y': the password must be changed at first login (an administrator chose it) */
  passwordReset: 'Y' | 'N';
}

/** The one row of a new, enabled account: every column set, the name's pinyin for search. */
export function accountRow(a: NewAccount, at: string): UserTable {
  const py = namePinyin(a.userName);
  return {
    user_code: a.userCode,
    user_name: a.userName,
    password_hash: a.passwordHash,
    mobile: a.mobile ?? null,
    mobile_sealed: null,
    mobile_hash: null,
    sex: a.sex ?? null,
    icon: null,
    email: a.email ?? null,
    tel: a.tel ?? null,
    room: a.room ?? null,
    position: a.position ?? null,
    personal_sign: null,
    dept_code: a.deptCode,
    status: 'Y',
    password_changed_at: at,
    password_reset: a.passwordReset,
    birthday: null,
    entry_date: null,
    pinyin: py.full,
    pinyin_initials: py.initials,
    sort_no: a.sortNo ?? 0,
    created_at: at,
    updated_at: at,
  };
}
