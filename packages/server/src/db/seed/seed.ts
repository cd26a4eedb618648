import { hashPassword } from '@oa/shared/crypto/sm3';
import type { Db } from '../database';
import type { FieldKeyring } from '../../lib/field-cipher';
import { nowIso } from '../../lib/time';
import { hashStoredPassword } from '../../core/identity/password';
import { namePinyin } from '../../core/search/pinyin';
import { seedStructure } from './structure.seed';
import { seedApprovalDemo } from './approval-modules.seed';
import { seedOffice } from './office.seed';
import { SEED_DEPTS, SEED_USERS, type SeedUser } from './people.data';
import { seedMeetings } from './meetings.seed';
import { seedSubjects } from './subjects.seed';
import { seedNews } from './news.seed';
import { backfillSearchIndex, clearBackfillMarks } from '../../core/search/search-index';
import { seedDocuments } from './documents.seed';
import { seedExchange } from './exchange.seed';
import { seedSeals } from './seals.seed';
import { seedNotify } from './notify.seed';
import { seedStepStats } from './step-stats.seed';
import { seedDemoTwoFactor } from './two-factor.seed';

export const DEMO_PASSWORD = 'Oa@123456';

async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('sys_user').select('user_code').limit(1).executeTakeFirst();
  return !!row;
}

/**
 * Seeds the demo organisation — its people, their roles and the records that make every page look alive — over the
 * structure every installation has (structure.seed.ts, written first when missing); does nothing when there are
 * users (an installation's own, or the administrators of `npm run admin:init`). `keys`: the data keys the seed
 * encrypts sensitive demo values with (the app's `ctx.fieldKeys`). `passwordHash`: the demo accounts' stored password
 * (the tests' seeded database takes one made at a low cost, test/seeded-templates.ts); the demo password hashed as
 * every stored password is when not given.
 */
export async function seedDemo(db: Db, opts: { keys: FieldKeyring; extraUsers?: SeedUser[]; passwordHash?: string }): Promise<boolean> {
  await seedStructure(db);
  if (await isSeeded(db)) return false;
  const at = nowIso();
  const passwordHash = opts.passwordHash ?? (await hashStoredPassword(hashPassword(DEMO_PASSWORD)));
  await db.transaction().execute(async (trx) => {
    for (const d of SEED_DEPTS) {
      await trx
        .insertInto('org_dept')
        .values({
          dept_code: d.deptCode,
          dept_name: d.deptName,
          parent_code: d.parentCode,
          sort_no: d.sortNo,
          leader_user_code: d.leaderUserCode,
          created_at: at,
        })
        .execute();
    }
    const users = [...SEED_USERS, ...(opts.extraUsers ?? [])];
    const rows = users.map((u, i) => {
      const py = namePinyin(u.userName);
      return {
        user_code: u.userCode,
        user_name: u.userName,
        password_hash: passwordHash,
        mobile: u.mobile,
        sex: u.sex,
        icon: null,
        email: u.email,
        tel: u.tel,
        room: u.room,
        position: u.position,
        personal_sign: u.personalSign,
        dept_code: u.deptCode,
        status: 'Y' as const,
        password_changed_at: at,
        password_reset: 'N' as const,
        birthday: u.birthday,
        entry_date: u.entryDate,
        pinyin: py.full,
        pinyin_initials: py.initials,
        sort_no: i,
        created_at: at,
        updated_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('sys_user')
        .values(rows.slice(i, i + 200))
        .execute();
    const platformRows = users.flatMap((u) => u.platforms.map((p) => ({ user_code: u.userCode, platform_code: p })));
    for (let i = 0; i < platformRows.length; i += 500)
      await trx
        .insertInto('sys_user_platform')
        .values(platformRows.slice(i, i + 500))
        .execute();
    const roleRows = users.flatMap((u) => u.roles.map((r) => ({ user_code: u.userCode, role_code: r })));
    if (roleRows.length) await trx.insertInto('sys_user_role').values(roleRows).execute();

    await seedApprovalDemo(trx, at);
    await seedMeetings(trx, at);
    await seedSubjects(trx, passwordHash, at, opts.keys);
    await seedOffice(trx, at, opts.keys);
    await seedDemoTwoFactor(trx, opts.keys, at);
    await seedNews(trx, at);
    await seedDocuments(trx, at);
    await seedExchange(trx, passwordHash, at, opts.keys);
    await seedSeals(trx, at);
    await seedNotify(trx, at);
    await seedStepStats(trx, at);
  });
  await backfillSearchIndex(db);
  // the seed wrote articles and topics without their services: the next start indexes them (news, spaces)
  await clearBackfillMarks(db);
  return true;
}
