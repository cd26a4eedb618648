import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { runCli } from '../../../test/cli-kit';
import { xlsx } from '../../../test/records/register-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { TEST_DATA_KEYS } from '../../../test/seeded-templates';
import { multipartBody, rawGet } from '../../../test/upload-kit';
import { openField, parseKeyring } from '../../lib/field-cipher';
import { fieldProtectionEvidence } from '../../core/crypto/field-protection';
import { DEMO_TOTP_SECRETS } from '@oa/shared/access/demo-two-factor';
import { openSecret } from '../../core/identity/secret-box';
import { SEALED_COLUMNS, sealedColumnState } from '../../db/sealed-columns';
import { m114SealedFields } from '../../db/migrations/114-sealed-fields';

/** Salary slips at rest (issue 36): the bank card, the sheet's mobile and the amounts are stored SM4-encrypted. */
const DIALECTS = await testDialects();
const P = '/oa/api/auth/oa/salary';
const K2 = 't2:0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const CARD = '6222020200177776666';
const MOBILE = '13912345678';
const AMOUNT = '8123.45';

const rekeyCli = (env: Record<string, string>) => runCli('data-rekey-cli.ts', [], env);
const HEADER = ['工号', '姓名', '手机号', '银行卡号', '基本工资', '实发工资'];

describe.each(DIALECTS)('salary slips encrypted at rest on %s', (dialect) => {
  let t: TestApp;
  let finance: string;
  let batchId: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-sealed-'));
  const rawSlips = (batch: string) =>
    t.ctx.db
      .selectFrom('oa_salary_slip')
      .select(['id', 'bank_card', 'src_mobile', 'items'])
      .where('batch_id', '=', batch)
      .orderBy('row_no')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { dataDir, sqliteFile: path.join(dataDir, 'oa.db') });
    finance = await t.login('huangli');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the card, the mobile and the amounts encrypted; the detail, the export and the slip show them', async () => {
    const sheet = await xlsx(HEADER, [
      ['staff', '刘小雨', '', CARD, AMOUNT, AMOUNT],
      ['', '查无此人', MOBILE, '', 100, 100],
    ]);
    const mp = multipartBody({ name: '工资.xlsx', content: sheet }, { month: '2024-03' });
    const res = await t.call('POST', `${P}/import`, { token: finance, body: mp.body, headers: mp.headers });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    batchId = res.body.data.batch.id;
    const raw = await rawSlips(batchId);
    expect(raw).toHaveLength(2);
    for (const r of raw) expect(r.items.startsWith('sm4:1:t1:')).toBe(true);
    expect(raw[0].bank_card?.startsWith('sm4:1:t1:')).toBe(true);
    expect(raw[1].src_mobile?.startsWith('sm4:1:t1:')).toBe(true);
    const dump = JSON.stringify(raw);
    for (const plain of [CARD, MOBILE, AMOUNT, '8123', '基本工资']) expect(dump).not.toContain(plain);

    const detail = await t.call('GET', `${P}/batch`, { token: finance, query: { id: batchId } });
    expect(detail.body.data.rows[0]).toMatchObject({
      bankCard: CARD,
      items: [
        { name: '基本工资', value: AMOUNT },
        { name: '实发工资', value: AMOUNT },
      ],
    });
    expect(detail.body.data.rows[1].matchInfo).toContain(MOBILE);

    const exp = await rawGet(t, `${P}/export?id=${batchId}`, finance);
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const cells = (wb.worksheets[0].getRow(2).values as unknown[]).map(String);
    expect(cells).toEqual(expect.arrayContaining([CARD, AMOUNT]));

    // the one row left unmatched is dropped by importing the sheet again without it, then sent
    const fixed = multipartBody(
      {
        name: '工资.xlsx',
        content: await xlsx(HEADER, [['staff', '刘小雨', '', CARD, AMOUNT, AMOUNT]]),
      },
      { month: '2024-03', batchId },
    );
    expect((await t.call('POST', `${P}/import`, { token: finance, body: fixed.body, headers: fixed.headers })).body.code).toBe(0);
    expect((await t.call('POST', `${P}/send`, { token: finance, body: { id: batchId } })).body.code).toBe(0);
    const staff = await t.login('staff');
    await t.call('POST', `${P}/verify`, { token: staff, body: { password: hashPassword('Oa@123456') } });
    const mine = await t.call('GET', `${P}/mine`, { token: staff, query: { year: '2024' } });
    const slip = await t.call('GET', `${P}/slip`, { token: staff, query: { id: mine.body.data.list[0].id } });
    expect(slip.body.data).toMatchObject({
      bankCard: '6222 **** **** 6666',
      items: [
        { name: '基本工资', value: AMOUNT },
        { name: '实发工资', value: AMOUNT },
      ],
    });
  });

  it('the demo seed wrote its slips encrypted; the self-check reports the columns, the key source and no plaintext', async () => {
    const ev = await fieldProtectionEvidence(t.ctx);
    expect(ev).toMatchObject({ keySource: 'env', currentKeyId: 't1', plaintextRemaining: 0, ok: true });
    expect(ev.columns.map((c) => c.column)).toEqual([
      ...SEALED_COLUMNS.flatMap((s) => s.columns.map((c) => `${s.table}.${c}`)),
      'sys_user.mobile（外部申报人）',
      'business_record.data（登记表单的身份证号、银行卡号）',
    ]);
    const seeded = await t.ctx.db.selectFrom('oa_salary_slip').select(['bank_card', 'items']).execute();
    expect(seeded.length).toBeGreaterThan(5);
    for (const r of seeded) expect([r.bank_card?.slice(0, 9), r.items.slice(0, 9)]).toEqual(['sm4:1:t1:', 'sm4:1:t1:']);
  });

  it('migration 114 encrypts plaintext written before it, and leaves encrypted values alone on a rerun', async () => {
    const [one] = await rawSlips(batchId);
    const plainItems = JSON.stringify([{ name: '基本工资', value: '7777.77' }]);
    await t.ctx.db
      .updateTable('oa_salary_slip')
      .set({ bank_card: '6222020200155554444', src_mobile: '13700001111', items: plainItems })
      .where('id', '=', one.id)
      .execute();
    expect((await fieldProtectionEvidence(t.ctx)).plaintextRemaining).toBe(3);
    await m114SealedFields.up(t.ctx.db, dialect, t.ctx.fieldKeys);
    const [after] = await rawSlips(batchId);
    expect(openField(t.ctx.fieldKeys, 'oa_salary_slip.bank_card', after.bank_card!)).toBe('6222020200155554444');
    expect(openField(t.ctx.fieldKeys, 'oa_salary_slip.src_mobile', after.src_mobile!)).toBe('13700001111');
    expect(openField(t.ctx.fieldKeys, 'oa_salary_slip.items', after.items)).toBe(plainItems);
    await m114SealedFields.up(t.ctx.db, dialect, t.ctx.fieldKeys);
    expect(await rawSlips(batchId)).toEqual([after]);
    expect((await fieldProtectionEvidence(t.ctx)).plaintextRemaining).toBe(0);
  });

  it('a tampered ciphertext is refused with a clear error, never shown as garbage', async () => {
    const [one] = await rawSlips(batchId);
    const at = one.bank_card!.length - 50;
    const flipped = one.bank_card!.slice(0, at) + (one.bank_card![at] === 'A' ? 'B' : 'A') + one.bank_card!.slice(at + 1);
    await t.ctx.db.updateTable('oa_salary_slip').set({ bank_card: flipped }).where('id', '=', one.id).execute();
    const res = await t.call('GET', `${P}/batch`, { token: finance, query: { id: batchId } });
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('密文校验失败');
    expect(res.body.data).toBeNull();
    await t.ctx.db.updateTable('oa_salary_slip').set({ bank_card: one.bank_card }).where('id', '=', one.id).execute();
  });

  it('npm run data:rekey moves every value to the newest key (resumable, audited); without the old key all still reads', async () => {
    const env = { OA_DATA_DIR: dataDir, DATABASE_URL: t.config.databaseUrl ?? '', OA_DATA_KEYS: `${K2},${TEST_DATA_KEYS}` };
    const first = await rekeyCli(env);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/oa_salary_slip\.items：重新加密 [1-9]\d*，新加密明文 0，已是最新密钥 0/);
    expect(first.out).toContain('完成');
    const again = await rekeyCli(env);
    expect(again.out).toMatch(/oa_salary_slip\.items：重新加密 0，新加密明文 0，已是最新密钥 [1-9]/);
    const audit = await t.ctx.db.selectFrom('sys_audit').select(['target', 'result']).where('action', '=', 'data.rekey').execute();
    expect(audit).toEqual([
      { target: 't2', result: 'ok' },
      { target: 't2', result: 'ok' },
    ]);

    const onlyNew = parseKeyring(K2, 'env');
    expect((await sealedColumnState(t.ctx.db, onlyNew)).every((c) => c.plaintext === 0 && c.olderKey === 0)).toBe(true);
    t.ctx.fieldKeys = onlyNew; // the server restarted with the old key removed
    const detail = await t.call('GET', `${P}/batch`, { token: finance, query: { id: batchId } });
    expect(detail.body.data.rows[0]).toMatchObject({ bankCard: '6222020200155554444', items: [{ name: '基本工资', value: '7777.77' }] });
    // the administrators' authenticator secrets were re-keyed with the rest: they open under the new key alone
    const factor = await t.ctx.db
      .selectFrom('sys_two_factor')
      .select('secret_sealed')
      .where('user_code', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(openSecret({ fieldKeys: onlyNew }, factor.secret_sealed!)).toBe(DEMO_TOTP_SECRETS.admin);
    t.ctx.fieldKeys = parseKeyring(TEST_DATA_KEYS, 'env');
    expect((await t.call('GET', `${P}/batch`, { token: finance, query: { id: batchId } })).body.message).toContain('密钥 t2 未配置');
  });
});
