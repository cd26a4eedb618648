import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { base } from '../../../test/records/records-fixture';
import { openField } from '../../lib/field-cipher';

const DIALECTS = await testDialects();
const FULL = '6222020200112345679';
const MASKED = '6222 **** **** **** 5679';
const REWARD = {
  payeeName: '李明',
  payeeIdCard: '11010519491231002X',
  payeeMobile: '13800138000',
  payeeUnit: '清华大学',
  bankName: '中国工商银行北京海淀支行',
  bankCard: FULL,
  serviceKind: '评审费',
  payeeTitle: '正高级',
  serviceRange: ['2026-11-10', '2026-11-11'],
  units: 2,
  content: '行业标准评审',
};

describe.each(DIALECTS)('bank-card numbers are masked on the server on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    staff = await t.login('staff');
    admin = await t.login('admin');
    const saved = await t.call('POST', `${base('oa_reward')}/save`, { token: staff, body: { data: REWARD } });
    expect(saved.body.code, saved.body.message).toBe(0);
    id = saved.body.data.id;
    expect(saved.body.data.data.bankCard).toBe(MASKED);
  });
  afterAll(async () => t?.close());

  const stored = async () => {
    const row = await t.ctx.db.selectFrom('business_record').select('data').where('id', '=', id).executeTakeFirstOrThrow();
    // stored sealed (db/sealed-records.ts): never the number itself, the envelope opens to it
    const sealed = (JSON.parse(row.data) as { bankCard: string; units: number }).bankCard;
    expect(sealed.startsWith('sm4:1:t1:')).toBe(true);
    const plain = openField(t.ctx.fieldKeys, 'business_record.bankCard', sealed);
    expect(row.data).not.toContain(plain);
    return plain;
  };

  it('never sends the full number to someone without role 014 (detail, list), and keeps it stored', async () => {
    const got = await t.call('GET', `${base('oa_reward')}/get`, { token: staff, query: { id } });
    expect(got.body.data.data.bankCard).toBe(MASKED);
    expect(JSON.stringify(got.body)).not.toContain(FULL);
    const list = await t.call('GET', `${base('oa_reward')}/list`, { token: staff, query: {} });
    expect(JSON.stringify(list.body)).not.toContain(FULL);
    expect(list.body.data.list.find((r: { id: string }) => r.id === id).data.bankCard).toBe(MASKED);
    expect(await stored()).toBe(FULL);
  });

  it('a form sent back with the masked number unchanged keeps the stored number; a new number replaces it', async () => {
    const again = await t.call('POST', `${base('oa_reward')}/save`, {
      token: staff,
      body: { id, data: { ...REWARD, bankCard: MASKED, units: 3 } },
    });
    expect(again.body.code, again.body.message).toBe(0);
    expect(await stored()).toBe(FULL);
    const wrongMask = await t.call('POST', `${base('oa_reward')}/save`, {
      token: staff,
      body: { id, data: { ...REWARD, bankCard: '6222 **** **** **** 0000' } },
    });
    expect(wrongMask.status).toBe(400);
    expect(wrongMask.body.message).toContain('银行卡号');
    expect(await stored()).toBe(FULL);
    const other = '6212260200001234562';
    const changed = await t.call('POST', `${base('oa_reward')}/save`, { token: staff, body: { id, data: { ...REWARD, bankCard: other } } });
    expect(changed.body.code, changed.body.message).toBe(0);
    expect(await stored()).toBe(other);
    await t.call('POST', `${base('oa_reward')}/save`, { token: staff, body: { id, data: REWARD } });
  });

  it('administrators and role 014 see the full number, and each view is audited', async () => {
    const sub = await t.call('POST', `${base('oa_reward')}/submit`, { token: staff, body: { id, data: { ...REWARD, bankCard: MASKED } } });
    expect(sub.body.code, sub.body.message).toBe(0);
    expect(await stored()).toBe(FULL);
    const before = await t.ctx.db.selectFrom('sys_audit').select('id').where('action', '=', 'bankcard.view').execute();
    const got = await t.call('GET', `${base('oa_reward')}/get`, { token: admin, query: { id } });
    expect(got.body.data.data.bankCard).toBe(FULL);
    const after = await t.ctx.db
      .selectFrom('sys_audit')
      .select(['id', 'user_code', 'target'])
      .where('action', '=', 'bankcard.view')
      .execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ user_code: 'admin', target: `oa_reward:${id}` });
  });
});
