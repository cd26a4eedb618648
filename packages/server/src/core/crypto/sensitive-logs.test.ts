import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { sampleRow } from '@oa/shared/test/registers.fixtures';
import { SAMPLE_CTX } from '../../../test/records/register-kit';
import { sensitiveKindOf } from '@oa/shared/modules/field';
import { MODULES } from '@oa/shared/modules/registry';
import { REDACT_PATHS } from '../../lib/log-options';

/** Logs never carry ID numbers, bank cards, mobiles or salary amounts (issue 36), whatever path a request takes. */
const DIALECTS = await testDialects();
const ID = '110101199003076518';
const CARD = '6222020200133332222';
const SALARY = '9876.54';
const MOBILE = '13811112222';
const REC_ID = '11010519880101001X';
const REC_CARD = '6222020200112345679';
const REC = '/oa/api/auth/oa/records/hr_staff';

describe.each(DIALECTS)('sensitive values in the log on %s', (dialect) => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (c: Buffer) => (log += c.toString()));
    t = await createTestApp(dialect, { logLevel: 'debug' }, { logStream: stream });
  });
  afterAll(() => t.close());

  it('a request carrying an ID number and a salary — refused, malformed, failing or logged as an object — leaves none in the log', async () => {
    const staff = await t.login('staff');
    const body = {
      password: 'x',
      idCard: ID,
      idNo: ID,
      bankCard: CARD,
      salary: SALARY,
      items: [{ name: '实发工资', value: SALARY }],
      mobile: MOBILE,
    };
    expect((await t.call('POST', '/oa/api/auth/oa/salary/verify', { token: staff, body })).status).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/oa/api/base/browserLogin',
      headers: { 'content-type': 'application/json' },
      payload: `{"idCard":"${ID}","salary":"${SALARY}",`,
    });
    expect(broken.statusCode).toBe(400);
    await t.call('POST', '/oa/api/auth/no-such-route', { token: staff, body });
    // a handler that fails after reading the values (a slip whose ciphertext cannot be read) logs the error, not them
    const [slip] = await t.ctx.db.selectFrom('oa_salary_slip').select(['id', 'bank_card']).limit(1).execute();
    await t.ctx.db
      .updateTable('oa_salary_slip')
      .set({ bank_card: `${slip.bank_card!.slice(0, -3)}AAA` })
      .where('id', '=', slip.id)
      .execute();
    const finance = await t.login('huangli');
    const batch = await t.ctx.db.selectFrom('oa_salary_slip').select('batch_id').where('id', '=', slip.id).executeTakeFirstOrThrow();
    expect((await t.call('GET', '/oa/api/auth/oa/salary/batch', { token: finance, query: { id: batch.batch_id } })).status).toBe(500);
    // a form with an ID and a card number (sealed at rest): saved, refused as a duplicate, searched by the number, and
    // a read that fails because the envelope cannot be opened
    const admin = await t.login('admin');
    const staffRow = { ...sampleRow('hr_staff', 810_001, SAMPLE_CTX), idCard: REC_ID, bankCard: REC_CARD };
    const saved = await t.call('POST', `${REC}/save`, { token: admin, body: { data: staffRow } });
    expect(saved.body.code, saved.body.message).toBe(0);
    const dup = await t.call('POST', `${REC}/save`, { token: admin, body: { data: { ...staffRow, staffNo: 'YG999999' } } });
    expect(dup.status).toBe(400);
    const found = await t.call('GET', `${REC}/list`, { token: admin, query: { filters: JSON.stringify({ idCard: REC_ID }) } });
    expect(found.body.data.total).toBe(1);
    const stored = await t.ctx.db
      .selectFrom('business_record')
      .select('data')
      .where('id', '=', saved.body.data.id)
      .executeTakeFirstOrThrow();
    const sealedCard = (JSON.parse(stored.data) as { idCard: string }).idCard;
    await t.ctx.db
      .updateTable('business_record')
      .set({ data: stored.data.replace(sealedCard, `${sealedCard.slice(0, -3)}AAA`) })
      .where('id', '=', saved.body.data.id)
      .execute();
    expect((await t.call('GET', `${REC}/get`, { token: admin, query: { id: saved.body.data.id } })).status).toBe(500);
    // code that logs a row or a body as an object: the named fields are redacted
    t.app.log.info(
      {
        body,
        row: { id_no: ID, bank_card: CARD, src_mobile: MOBILE, items: JSON.stringify(body.items) },
        form: { payeeIdCard: REC_ID, representativeIdCard: REC_ID, bankAccount: REC_CARD },
      },
      'an object with sensitive fields',
    );

    await new Promise((r) => setTimeout(r, 100)); // the stream's last chunks
    expect(log).toContain('an object with sensitive fields');
    expect(log).toContain('密文校验失败');
    expect(log.split('密文校验失败').length - 1, 'both failed reads are logged').toBeGreaterThanOrEqual(2);
    for (const s of [ID, CARD, SALARY, MOBILE, REC_ID, REC_CARD]) expect(log, `the log carries ${s.slice(0, 4)}…`).not.toContain(s);
  });

  it('every sealed form field of the declarations is a redacted log path', () => {
    const names = new Set(MODULES.flatMap((m) => Object.entries(m.fields).flatMap(([n, f]) => (sensitiveKindOf(f) ? [n] : []))));
    expect(names.size).toBeGreaterThan(3);
    for (const n of names) expect(REDACT_PATHS, n).toContain(`*.${n}`);
  });
});
