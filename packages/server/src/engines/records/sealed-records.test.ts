import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRow } from '@oa/shared/test/registers.fixtures';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { SAMPLE_CTX } from '../../../test/records/register-kit';
import { TEST_DATA_KEYS } from '../../../test/seeded-templates';
import { runCli } from '../../../test/cli-kit';
import { openField, parseKeyring, searchHash } from '../../lib/field-cipher';
import { m115SealedRecords } from '../../db/migrations/115-sealed-records';
import { sealedRecordState } from '../../db/sealed-records';
import { fieldProtectionEvidence } from '../../core/crypto/field-protection';
import { UNSEALED_SENSITIVE } from '../../db/sealed-columns';
import { FWEB_API } from '@oa/shared/contract/subjects';

/**
 * ID and bank card numbers in the records engine's forms at rest (issue 36): sealed in business_record.data, found
 * by their keyed hash (business_record_hash) for the unique check and the list filter, re-keyed by data:rekey.
 */
const DIALECTS = await testDialects();
const P = (code: string, action: string) => `/oa/api/auth/oa/records/${code}/${action}`;
const K2 = 't2:0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const CARD = '6222020200112345679';

describe.each(DIALECTS)('sealed form fields on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let id: string;
  let idCard: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-sealed-rec-'));
  const save = (token: string, data: Record<string, unknown>, rowId?: string) =>
    t.call('POST', P('hr_staff', 'save'), { token, body: { id: rowId, data } });
  const list = (token: string, filters: Record<string, unknown>) =>
    t.call('GET', P('hr_staff', 'list'), { token, query: { filters: JSON.stringify(filters) } });
  const raw = async (rowId: string) =>
    JSON.parse(
      (await t.ctx.db.selectFrom('business_record').select('data').where('id', '=', rowId).executeTakeFirstOrThrow()).data,
    ) as Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { dataDir, sqliteFile: path.join(dataDir, 'oa.db') });
    admin = await t.login('admin');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the ID and card numbers sealed, reads them back, and keeps them out of the search index', async () => {
    const row: Record<string, unknown> = { ...sampleRow('hr_staff', 700_001, SAMPLE_CTX), bankCard: CARD };
    idCard = String(row.idCard);
    const res = await save(admin, row);
    expect(res.body.code, res.body.message).toBe(0);
    id = res.body.data.id;
    expect(res.body.data.data).toMatchObject({ idCard, bankCard: CARD });
    const stored = await raw(id);
    expect(stored.idCard.startsWith('sm4:1:t1:')).toBe(true);
    expect(stored.bankCard.startsWith('sm4:1:t1:')).toBe(true);
    expect(openField(t.ctx.fieldKeys, 'business_record.idNumber', stored.idCard)).toBe(idCard);
    const dump = JSON.stringify(await t.ctx.db.selectFrom('business_record').selectAll().where('id', '=', id).execute());
    for (const plain of [idCard, CARD, idCard.slice(0, 12), CARD.slice(-8)]) expect(dump).not.toContain(plain);
    const hashes = await t.ctx.db
      .selectFrom('business_record_hash')
      .select(['field', 'hash', 'key_id'])
      .where('record_id', '=', id)
      .execute();
    expect(hashes.map((h) => h.field).sort()).toEqual(['bankCard', 'idCard']);
    expect(hashes.find((h) => h.field === 'idCard')?.hash).toBe(searchHash(t.ctx.fieldKeys, 'business_record.idNumber', idCard));
    const index = JSON.stringify(await t.ctx.db.selectFrom('search_entry').selectAll().where('ref_id', '=', id).execute());
    expect(index).toContain('测试');
    expect(index).not.toContain(idCard);
    expect(index).not.toContain('sm4:1:');

    const got = await t.call('GET', P('hr_staff', 'get'), { token: admin, query: { id } });
    expect(got.body.data.data).toMatchObject({ idCard, bankCard: CARD });
    const edited = await save(admin, { ...row, remark: '改过' }, id);
    expect(edited.body.data.data).toMatchObject({ idCard, remark: '改过' });
    expect((await raw(id)).idCard).not.toBe(stored.idCard); // sealed again, a fresh IV
  });

  it('finds a duplicate ID number and filters the list by the whole number, through the keyed hash', async () => {
    const dup = await save(admin, { ...sampleRow('hr_staff', 700_002, SAMPLE_CTX), idCard });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('已存在');
    expect(dup.body.data.field).toBe('data.idCard');
    const byId = await list(admin, { idCard });
    expect(byId.body.data.list.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await list(admin, { idCard: idCard.slice(0, 10) })).body.data.total).toBe(0);
    expect((await list(admin, { bankCard: CARD })).body.data.total).toBe(1);
  });

  it('migration 115 seals plaintext written before it and makes its hashes; a rerun changes nothing', async () => {
    const plain = { ...(await raw(id)), idCard, bankCard: CARD };
    await t.ctx.db
      .updateTable('business_record')
      .set({ data: JSON.stringify(plain) })
      .where('id', '=', id)
      .execute();
    await t.ctx.db.deleteFrom('business_record_hash').where('record_id', '=', id).execute();
    const before = await sealedRecordState(t.ctx.db, t.ctx.fieldKeys);
    expect(before.plaintext).toBeGreaterThanOrEqual(2);
    expect((await fieldProtectionEvidence(t.ctx)).plaintextRemaining).toBeGreaterThanOrEqual(2);
    await m115SealedRecords.up(t.ctx.db, dialect, t.ctx.fieldKeys);
    const after = await raw(id);
    expect(openField(t.ctx.fieldKeys, 'business_record.bankCard', after.bankCard)).toBe(CARD);
    expect(await sealedRecordState(t.ctx.db, t.ctx.fieldKeys)).toMatchObject({ plaintext: 0, olderKey: 0, hashOutdated: 0 });
    await m115SealedRecords.up(t.ctx.db, dialect, t.ctx.fieldKeys);
    expect(await raw(id)).toEqual(after);
    expect((await list(admin, { idCard })).body.data.total).toBe(1);
  });

  it("an outside applicant's unit phone is stored sealed (the seed's and a saved one) and read back", async () => {
    const rawPhone = async () =>
      (await t.ctx.db.selectFrom('subject_org').select('phone').where('user_code', '=', 'applicant').executeTakeFirstOrThrow()).phone!;
    expect(openField(t.ctx.fieldKeys, 'subject_org.phone', await rawPhone())).toBe('18528756362');
    const applicant = await t.login('applicant');
    const org = `/oa${FWEB_API}/org`;
    const before = await t.call('GET', org, { token: applicant });
    expect(before.body.data.phone).toBe('18528756362');
    const saved = await t.call('POST', org, {
      token: applicant,
      body: { ...before.body.data, phone: '13912340000', updatedAt: undefined },
    });
    expect(saved.body.code, saved.body.message).toBe(0);
    expect(await rawPhone()).toMatch(/^sm4:1:t1:/);
    expect(await rawPhone()).not.toContain('13912340000');
    expect((await t.call('GET', org, { token: applicant })).body.data.phone).toBe('13912340000');
  });

  it('the self-check lists the form fields as encrypted and nothing as unsealed', async () => {
    const ev = await fieldProtectionEvidence(t.ctx);
    expect(ev.columns.map((c) => c.column)).toContain('business_record.data（登记表单的身份证号、银行卡号）');
    expect(ev.plaintextRemaining).toBe(0);
    expect(UNSEALED_SENSITIVE.some((u) => u.includes('身份证'))).toBe(false);
  });

  it('data:rekey seals the fields again under the newest key and makes the hashes again; the old key alone then fails clearly', async () => {
    const env = { OA_DATA_DIR: dataDir, DATABASE_URL: t.config.databaseUrl ?? '', OA_DATA_KEYS: `${K2},${TEST_DATA_KEYS}` };
    const run = await runCli('data-rekey-cli.ts', [], env);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/business_record\.data\.idCard：重新加密 [1-9]\d*/);
    const onlyNew = parseKeyring(K2, 'env');
    expect(await sealedRecordState(t.ctx.db, onlyNew)).toMatchObject({ plaintext: 0, olderKey: 0, hashOutdated: 0 });
    const stored = await raw(id);
    expect(stored.idCard.startsWith('sm4:1:t2:')).toBe(true);
    const h = await t.ctx.db
      .selectFrom('business_record_hash')
      .select(['hash', 'key_id'])
      .where('record_id', '=', id)
      .where('field', '=', 'idCard')
      .executeTakeFirstOrThrow();
    expect(h).toEqual({ hash: searchHash(onlyNew, 'business_record.idNumber', idCard), key_id: 't2' });

    t.ctx.fieldKeys = onlyNew; // restarted without the old key: reads, the filter and the unique check still work
    expect((await t.call('GET', P('hr_staff', 'get'), { token: admin, query: { id } })).body.data.data.idCard).toBe(idCard);
    expect((await list(admin, { idCard })).body.data.total).toBe(1);
    expect((await save(admin, { ...sampleRow('hr_staff', 700_003, SAMPLE_CTX), idCard })).status).toBe(400);

    t.ctx.fieldKeys = parseKeyring(TEST_DATA_KEYS, 'env'); // the old key alone: a clear error, never garbage
    const wrong = await t.call('GET', P('hr_staff', 'get'), { token: admin, query: { id } });
    expect(wrong.status).toBe(500);
    expect(wrong.body.message).toContain('密钥 t2 未配置');
    t.ctx.fieldKeys = onlyNew;
  });

  it('deleting a row takes its hashes with it: the ID number is free again', async () => {
    expect((await t.call('POST', P('hr_staff', 'delete'), { token: admin, body: { id } })).body.code).toBe(0);
    expect(await t.ctx.db.selectFrom('business_record_hash').select('field').where('record_id', '=', id).execute()).toEqual([]);
    const again = await save(admin, { ...sampleRow('hr_staff', 700_004, SAMPLE_CTX), idCard });
    expect(again.body.code, again.body.message).toBe(0);
  });
});
