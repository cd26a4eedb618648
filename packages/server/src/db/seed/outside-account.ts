import type { Db } from '../database';
import { namePinyin } from '../../core/search/pinyin';

/**
 * An outside account of the demo (an applicant of platform 19, a member unit's contact of platform 20): its user
 * row, with the demo password, and its one platform.
 */
export async function insertOutsideAccount(
  trx: Db,
  a: {
    userCode: string;
    userName: string;
    mobile: string;
    email: string | null;
    position: string;
    deptCode: string | null;
    sortNo: number;
    platform: string;
  },
  passwordHash: string,
  at: string,
): Promise<void> {
  const py = namePinyin(a.userName);
  await trx
    .insertInto('sys_user')
    .values({
      user_code: a.userCode,
      user_name: a.userName,
      password_hash: passwordHash,
      mobile: a.mobile,
      sex: null,
      icon: null,
      email: a.email,
      tel: null,
      room: null,
      position: a.position,
      personal_sign: null,
      dept_code: a.deptCode,
      status: 'Y',
      password_changed_at: at,
      password_reset: 'N',
      birthday: null,
      entry_date: null,
      pinyin: py.full,
      pinyin_initials: py.initials,
      sort_no: a.sortNo,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await trx.insertInto('sys_user_platform').values({ user_code: a.userCode, platform_code: a.platform }).execute();
}
