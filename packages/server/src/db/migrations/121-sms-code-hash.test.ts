import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { lastSentCode, smsCodeRows, solvedCaptcha } from '../../../test/sms-kit';
import { m121SmsCodeHash } from './121-sms-code-hash';

/**
 * SMS codes keep no number (issue 36): a code row holds the number's keyed hash, the code is checked through it, and
 * migration 121 turns the old table (the number in plain text) into that shape, dropping its rows, resumably.
 */
const DIALECTS = await testDialects();
const SMS = '/oa/api/base/system/sms/verification';
const APPLICANT = '18528756362'; // the seeded outside applicant's number, sealed in sys_user

describe.each(DIALECTS)('SMS codes by keyed hash (migration 121) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const send = async (mobile: string) =>
    (await t.call('GET', SMS, { query: { mobile, source: 'oa-reset', captchaKey: await solvedCaptcha(t.ctx.db), imageCaptcha: 'wxyz' } }))
      .body;

  it('a code row keeps only the keyed hash; the code is checked and limited through it', async () => {
    expect((await send(APPLICANT)).code).toBe(0);
    const rows = await smsCodeRows(t.ctx.db, t.ctx.fieldKeys, APPLICANT);
    expect(rows).toHaveLength(1);
    expect(rows[0].mobile_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(APPLICANT.slice(-8));
    // one a minute for the number, found by its hash
    expect((await send(APPLICANT)).message).toMatch(/验证码发送过于频繁/);
    const wrong = await t.call('PUT', '/oa/api/base/system/resetPassword', {
      body: {
        mobile: APPLICANT,
        password: 'a'.repeat(64),
        captcha: '000000' === (await lastSentCode(t.ctx.db, APPLICANT)) ? '111111' : '000000',
      },
    });
    expect(wrong.body.message).toBe('验证码错误');
    expect((await smsCodeRows(t.ctx.db, t.ctx.fieldKeys, APPLICANT))[0].tries).toBe(1);
  });

  it('migration 121 drops the plain column and its rows, and resumes', async () => {
    const db = t.ctx.db;
    // the table as migrations 001/008 left it (the number's column, its index), with a code in it
    await db.schema.dropIndex('idx_sms_code_mobile_hash').execute();
    await db.schema.alterTable('sys_sms_code').dropColumn('mobile_hash').execute();
    await db.schema.alterTable('sys_sms_code').addColumn('mobile', 'varchar(20)').execute();
    await db.schema.createIndex('idx_sms_mobile').on('sys_sms_code').columns(['mobile', 'created_at']).execute();
    const at = new Date().toISOString();
    await db
      .insertInto('sys_sms_code')
      .values({ mobile: '13700001234', purpose: 'reset', code_hash: 'x', created_at: at, expires_at: at, tries: 0 } as never)
      .execute();

    await m121SmsCodeHash.up(db, dialect);
    await m121SmsCodeHash.up(db, dialect); // a second run finds everything done
    const table = (await db.introspection.getTables()).find((x) => x.name === 'sys_sms_code')!;
    expect(table.columns.map((c) => c.name)).toContain('mobile_hash');
    expect(table.columns.map((c) => c.name)).not.toContain('mobile');
    expect(await db.selectFrom('sys_sms_code').selectAll().execute()).toEqual([]);
    // and codes work on the migrated table
    expect((await send(APPLICANT)).code).toBe(0);
    expect(await smsCodeRows(t.ctx.db, t.ctx.fieldKeys, APPLICANT)).toHaveLength(1);
  });
});
