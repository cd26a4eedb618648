import type { OaMigration } from './migration-kit';

/**
 * SMS verification codes keep no phone number (issue 36): `sys_sms_code.mobile` (the number in plain text) gives way
 * to `mobile_hash`, the keyed hash of core/identity/account-mobile.ts (HMAC-SM3, as `sys_user.mobile_hash`); every
 * lookup of a code goes by it, and the code's own hash is keyed by it too.
 * The rows there are dropped, not converted: a code lives five minutes and its hash was made from the plain number, so a
 * converted row could not be checked anyway; someone who asked for a code during the upgrade asks again.
 * Idempotent and resumable: each step is skipped when done (the old column gone, the new one there, the index there).
 */
export const m121SmsCodeHash: OaMigration = {
  name: '121-sms-code-hash',
  async up(db) {
    const columnsOf = async () =>
      new Set((await db.introspection.getTables()).find((t) => t.name === 'sys_sms_code')?.columns.map((c) => c.name));
    if ((await columnsOf()).has('mobile')) {
      await db.deleteFrom('sys_sms_code').execute();
      // SQLite drops no column an index names
      await db.schema.dropIndex('idx_sms_mobile').ifExists().execute();
      await db.schema.alterTable('sys_sms_code').dropColumn('mobile').execute();
    }
    if (!(await columnsOf()).has('mobile_hash'))
      await db.schema
        .alterTable('sys_sms_code')
        .addColumn('mobile_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
    await db.schema
      .createIndex('idx_sms_code_mobile_hash')
      .ifNotExists()
      .on('sys_sms_code')
      .columns(['mobile_hash', 'created_at'])
      .execute();
  },
};
