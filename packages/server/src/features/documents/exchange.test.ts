import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_API } from '@oa/shared/contract/exchange';
import { DOC_API } from '@oa/shared/contract/documents';
import { FILE_API } from '@oa/shared/contract/files-api';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet } from '../../../test/upload-kit';
import { redHeadSample } from '../../../test/documents/red-head-sample';
import { renderRedHeadPdf } from './render-pdf';
import { exchangeState } from './exchange-state';

/** Exchange with member units (issue 37): who sees what, signing once, overdue, urging, recognising a received file. */
const DIALECTS = await testDialects();
const A = (p: string) => `/oa${p}`;

describe('overdue', () => {
  const now = '2026-11-29T08:00:00.000Z';
  it('is an unsigned copy past its due time, never a signed one or one without a due time', () => {
    expect(exchangeState({ due_at: '2026-11-29T07:59:59.000Z', read_at: null, signed_at: null }, now)).toEqual({
      state: 'sent',
      overdue: true,
    });
    expect(exchangeState({ due_at: '2026-11-29T08:00:01.000Z', read_at: now, signed_at: null }, now)).toEqual({
      state: 'read',
      overdue: false,
    });
    expect(exchangeState({ due_at: '2026-11-20T00:00:00.000Z', read_at: now, signed_at: now }, now)).toEqual({
      state: 'signed',
      overdue: false,
    });
    expect(exchangeState({ due_at: null, read_at: null, signed_at: null }, now).overdue).toBe(false);
  });
});

describe.each(DIALECTS)('exchange with member units on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let hb: string;
  let hd: string;
  let docId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, hb, hd] = await Promise.all(['admin', 'unithb', 'unithd'].map((u) => t.login(u)));
    const doc = await t.ctx.db
      .selectFrom('doc_document')
      .select('id')
      .where('title', '=', '关于召开2026年度会员代表大会的通知')
      .executeTakeFirstOrThrow();
    docId = doc.id;
  });
  afterAll(async () => {
    await t?.close();
    if (t) fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('a contact sees only his unit’s documents; another unit’s copy and every OA route are refused', async () => {
    const list = await t.call('GET', A(EXCHANGE_API.unitDocs), { token: hb });
    expect(list.body.code).toBe(0);
    expect(list.body.data.list.map((r: { id: string }) => r.id)).toEqual(['XDEMO01']);
    expect(list.body.data.unitName).toBe('中国行业协会华北分会');
    const other = await t.call('GET', A(EXCHANGE_API.unitDoc), { token: hb, query: { id: 'XDEMO02' } });
    expect(other.status).toBe(404);
    const file = await rawGet(t, `${A(EXCHANGE_API.unitFile)}?id=XDEMO02&format=pdf`, hb);
    expect(file.statusCode).toBe(404);
    const mine = await rawGet(t, `${A(EXCHANGE_API.unitFile)}?id=XDEMO01&format=ofd`, hb);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const oa = await t.call('GET', A(DOC_API.list), { token: hb, query: { kind: 'dispatch' } });
    expect(oa.status).toBe(403);
    const image = await rawGet(t, `${A(FILE_API.image)}?filePath=f${'0'.repeat(30)}&wtoken=${hb}`);
    expect(image.statusCode).toBe(401);
    // and staff never reach the contacts' area
    expect((await t.call('GET', A(EXCHANGE_API.unitDocs), { token: admin })).status).toBe(403);
  }, 120_000);

  it('a dispatch sent to both units: reading is recorded once, with who read; the sender sees it', async () => {
    const sent = await t.call('POST', A(EXCHANGE_API.send), {
      token: admin,
      body: { id: docId, unitIds: ['MU01', 'MU02'], dueAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(sent.body.code, sent.body.message).toBe(0);
    expect(sent.body.data.added).toBe(2);
    const again = await t.call('POST', A(EXCHANGE_API.send), { token: admin, body: { id: docId, unitIds: ['MU01'] } });
    expect(again.body.message).toBe('所选成员单位均已发送过');
    const list = await t.call('GET', A(EXCHANGE_API.unitDocs), { token: hb });
    const copy = list.body.data.list.find((r: { title: string }) => r.title === '关于召开2026年度会员代表大会的通知');
    const pdf = await rawGet(t, `${A(EXCHANGE_API.unitFile)}?id=${copy.id}&format=pdf`, hb);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const receipts = await t.call('GET', A(EXCHANGE_API.receipts), { token: admin, query: { id: docId } });
    const hbRow = receipts.body.data.rows.find((r: { unitId: string }) => r.unitId === 'MU01');
    expect(hbRow).toMatchObject({ state: 'read', readBy: '陈立新', overdue: false, signedAt: null });
    expect(receipts.body.data.can).toEqual({ send: true, urge: true });
  }, 120_000);

  it('two contacts of one unit sign at once: one wins, the other is told it is signed', async () => {
    const db = t.ctx.db;
    const at = new Date().toISOString();
    const row = await db.selectFrom('sys_user').selectAll().where('user_code', '=', 'unithd').executeTakeFirstOrThrow();
    await db
      .insertInto('sys_user')
      .values({ ...row, user_code: 'unithd2', user_name: '吴晓东', mobile: null, email: null, mobile_hash: null, created_at: at })
      .execute();
    await db.insertInto('sys_user_platform').values({ user_code: 'unithd2', platform_code: '20' }).execute();
    await db.insertInto('doc_unit_contact').values({ user_code: 'unithd2', unit_id: 'MU02' }).execute();
    const hd2 = await t.login('unithd2');
    const copy = await db
      .selectFrom('doc_exchange')
      .select('id')
      .where('doc_id', '=', docId)
      .where('unit_id', '=', 'MU02')
      .executeTakeFirstOrThrow();
    const answers = await Promise.all([
      t.call('POST', A(EXCHANGE_API.unitSign), { token: hd, body: { id: copy.id, replyText: '华东分会已收悉' } }),
      t.call('POST', A(EXCHANGE_API.unitSign), { token: hd2, body: { id: copy.id } }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.body.code !== 0)!.body.message).toBe('本单位已签收该公文');
    const signed = await db.selectFrom('doc_exchange').selectAll().where('id', '=', copy.id).executeTakeFirstOrThrow();
    const winner = answers[0]!.body.code === 0 ? 'unithd' : 'unithd2';
    expect(signed.signed_by).toBe(winner);
    expect(signed.reply_text).toBe(winner === 'unithd' ? '华东分会已收悉' : null);
    // the sender is told
    const told = await db
      .selectFrom('wf_notification')
      .select('title')
      .where('record_id', '=', docId)
      .where('title', 'like', '%已签收%')
      .execute();
    expect(told.length).toBe(1);
  });

  it('urging tells the contacts of the units that have not signed, in their notice list, and only them', async () => {
    const demoDoc = await t.ctx.db.selectFrom('doc_exchange').select('doc_id').where('id', '=', 'XDEMO02').executeTakeFirstOrThrow();
    const before = await t.call('GET', A(EXCHANGE_API.receipts), { token: admin, query: { id: demoDoc.doc_id } });
    expect(before.body.data.rows.map((r: { unitName: string; overdue: boolean }) => [r.unitName, r.overdue])).toEqual([
      ['中国行业协会华北分会', false],
      ['中国行业协会华东分会', true],
    ]);
    const urged = await t.call('POST', A(EXCHANGE_API.urge), { token: admin, body: { id: demoDoc.doc_id } });
    expect(urged.body.code, urged.body.message).toBe(0);
    expect(urged.body.data.urged).toBe(1);
    const notices = await t.call('GET', A(EXCHANGE_API.unitNotices), { token: hd });
    expect(notices.body.data[0].title).toBe('催办：请签收《关于开展行业诚信体系建设评价工作的通知》');
    const hbNotices = await t.call('GET', A(EXCHANGE_API.unitNotices), { token: hb });
    expect(hbNotices.body.data.some((n: { title: string }) => n.title.startsWith('催办'))).toBe(false);
    const outbox = await t.ctx.db.selectFrom('notify_outbox').selectAll().where('user_code', '=', 'unithd').execute();
    expect(outbox.length).toBeGreaterThan(0);
    const after = await t.call('GET', A(EXCHANGE_API.receipts), { token: admin, query: { id: demoDoc.doc_id } });
    expect(after.body.data.rows[1]).toMatchObject({ urgeCount: 1 });
    // a contact may not urge nor send
    expect((await t.call('POST', A(EXCHANGE_API.urge), { token: hd, body: { id: demoDoc.doc_id } })).status).toBe(403);
  });

  it('a received PDF uploaded by the clerk is recognised for him to confirm', async () => {
    const pdf = await renderRedHeadPdf(redHeadSample({ cc: null }));
    const mp = multipartBody({ name: '来文.pdf', content: pdf, type: 'application/pdf' }, { scope: 'private' });
    const up = await t.call('POST', A(FILE_API.upload), { token: admin, body: mp.body, headers: mp.headers });
    expect(up.body.code, up.body.message).toBe(0);
    const r = await t.call('POST', A(EXCHANGE_API.recognize), { token: admin, body: { fileId: up.body.data.fileId } });
    expect(r.body.data).toEqual({
      sourceNo: '中协〔2026〕12号',
      sourceOrg: '中国行业协会',
      title: '关于召开年终总结会的通知',
      docDate: '2026-11-24',
    });
    const other = await t.login('staff');
    expect((await t.call('POST', A(EXCHANGE_API.recognize), { token: other, body: { fileId: up.body.data.fileId } })).status).toBe(403);
  });
});
