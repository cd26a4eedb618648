import type { Kysely } from 'kysely';
import { addMissingFunctions, type OaMigration } from './migration-kit';
import { plainApplicantMobiles, sealApplicantMobiles } from '../applicant-mobiles';

/**
 * 成员单位 (issue 37): the register of member units is kept on a page of the document administrators — a unit may be
 * disabled (`enabled`), its name is unique as its code is — and its contacts' mobiles are sealed as applicants' are
 * (db/applicant-mobiles.ts now counts platform 20 among the outside accounts): a contact seeded or made before keeps
 * no plain mobile. Idempotent: the column, the index, the page and its grant are added when missing; a sealed row is
 * skipped.
 */
const PAGE = {
  fun_code: 'doc_member_unit',
  fun_name: '成员单位',
  parent_code: 'doc',
  router: '/memberUnits',
  sort_no: 45,
  icon: 'ApartmentOutlined',
};
/** the office's document clerks (db/seed/documents.structure.ts, frozen here) */
const CLERK_ROLE = 'doc_clerk';

export const m132MemberUnits: OaMigration = {
  name: '132-member-units',
  async up(db: Kysely<any>, _dialect, keys) {
    const unit = (await db.introspection.getTables()).find((t) => t.name === 'doc_member_unit');
    if (!unit?.columns.some((c) => c.name === 'enabled'))
      await db.schema
        .alterTable('doc_member_unit')
        .addColumn('enabled', 'char(1)', (c) => c.notNull().defaultTo('Y'))
        .execute();
    await db.schema.createIndex('idx_member_unit_name').ifNotExists().unique().on('doc_member_unit').column('name').execute();
    await addMissingFunctions(db, [PAGE]);
    const role = await db.selectFrom('sys_role').select('role_code').where('role_code', '=', CLERK_ROLE).executeTakeFirst();
    const page = await db.selectFrom('sys_function').select('fun_code').where('fun_code', '=', PAGE.fun_code).executeTakeFirst();
    const held = await db
      .selectFrom('sys_role_function')
      .select('fun_code')
      .where('role_code', '=', CLERK_ROLE)
      .where('fun_code', '=', PAGE.fun_code)
      .executeTakeFirst();
    if (role && page && !held)
      await db.insertInto('sys_role_function').values({ role_code: CLERK_ROLE, fun_code: PAGE.fun_code }).execute();
    if (!keys) {
      if (await plainApplicantMobiles(db)) throw new Error('迁移 132 需要数据密钥（OA_DATA_KEYS）来加密成员单位联系人的手机号');
      return;
    }
    await sealApplicantMobiles(db, keys);
  },
};
