import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_API } from '@oa/shared/contract/documents';
import { VERIFY_API } from '@oa/shared/contract/doc-verify';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { pdfQr, pdfSignatures as pdfsig } from '../../../test/pdf-read';
import { multipartBody } from '../../../test/upload-kit';

const DIALECTS = await testDialects();
const P = (p: string) => `/oa${p}`;

/** The file with one byte changed inside the signed range: the header's minor version (%PDF-1.x). */
function oneByteChanged(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  expect(copy.subarray(0, 7).toString('latin1')).toBe('%PDF-1.');
  copy[7] = copy[7] === 0x37 ? 0x36 : 0x37;
  return copy;
}

describe.each(DIALECTS)('issued documents verified by anyone on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  let pdf: Buffer;
  let id: string;
  let docNo: string;
  const tokens = new Map<string, string>();
  const as = async (u: string) => tokens.get(u) ?? tokens.set(u, await t.login(u)).get(u)!;
  const check = (vid: string, file: Buffer, name = 'issued.pdf') => {
    const { body, headers } = multipartBody({ name, content: file, type: 'application/pdf' });
    return t.call('POST', P(VERIFY_API.check), { token: null, query: { id: vid }, body, headers });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // the seed's signed dispatch, numbered and printed by the office
    const doc = await t.ctx.db
      .selectFrom('doc_document')
      .select('id')
      .where('kind', '=', 'dispatch')
      .where('status', '=', 'signed')
      .executeTakeFirstOrThrow();
    const numbered = await t.call('POST', P(DOC_API.number), { token: await as('zhaolei'), body: { id: doc.id } });
    expect(numbered.body.code, numbered.body.message).toBe(0);
    docNo = numbered.body.data.docNo;
    const printed = await t.call('POST', P(DOC_API.print), { token: await as('zhaolei'), body: { id: doc.id } });
    expect(printed.body.code, printed.body.message).toBe(0);
    const file = await t.call('GET', '/oa/api/auth/base/system/file/download', {
      token: await as('zhaolei'),
      query: { filePath: printed.body.data.fileId },
    });
    expect(file.status).toBe(200);
    pdf = file.raw;
    const row = await t.ctx.db.selectFrom('doc_issued').selectAll().where('doc_id', '=', doc.id).executeTakeFirstOrThrow();
    id = row.id;
  });
  afterAll(async () => t?.close());

  it('signs the issued PDF (PAdES, valid for pdfsig) and prints a QR code to its verification page', () => {
    const report = pdfsig(pdf);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: 中国行业协会（测试签名证书）');
    expect(pdfQr(pdf)).toBe(`${t.config.notify.publicUrl}/oa/verify/${id}`);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // one changed byte: pdfsig says the signed bytes differ
    expect(pdfsig(oneByteChanged(pdf))).toMatch(/Signature Validation: Digest Mismatch/);
  });

  it('shows anyone 文号, date, issuer and the hashes of the issued file, and nothing else', async () => {
    const res = await t.call('GET', P(VERIFY_API.facts), { token: null, query: { id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      docNo,
      issueDate: expect.stringMatching(/^\d{4}年\d{1,2}月\d{1,2}日$/),
      issuer: '中国行业协会',
      sha256: createHash('sha256').update(pdf).digest('hex'),
      sm3: createHash('sm3').update(pdf).digest('hex'),
    });
    const unknown = await t.call('GET', P(VERIFY_API.facts), { token: null, query: { id: 'A'.repeat(22) } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('未找到');
    const bad = await t.call('GET', P(VERIFY_API.facts), { token: null, query: { id: '../x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('验证编号');
  });

  it('accepts the issued file, rejects a copy with one byte changed, audits both, and refuses what is not a PDF', async () => {
    const same = await check(id, pdf);
    expect(same.body.data.match).toBe(true);
    expect(same.body.message).toBe('文件与印发版本一致');
    const changed = await check(id, oneByteChanged(pdf));
    expect(changed.body.data.match).toBe(false);
    expect(changed.body.message).toBe('文件已被修改或非本系统印发');
    // another issued-looking file: the unsigned rendering of the same document
    const render = await t.call('GET', P(DOC_API.pdf), {
      token: await as('zhaolei'),
      query: { id: (await t.ctx.db.selectFrom('doc_issued').select('doc_id').where('id', '=', id).executeTakeFirstOrThrow()).doc_id },
    });
    expect((await check(id, render.raw)).body.data.match).toBe(false);
    const audits = await t.ctx.db
      .selectFrom('sys_audit')
      .select(['result'])
      .where('action', '=', 'document.verify')
      .where('target', '=', id)
      .execute();
    expect(audits.map((a) => a.result).sort()).toEqual(['fail', 'fail', 'ok']);
    const text = await check(id, Buffer.from('hello'), 'notes.txt');
    expect(text.status).toBe(400);
  });

  it('limits checks per address', async () => {
    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push((await check(id, pdf)).status);
    expect(answers).toContain(429);
    const limited = await check(id, pdf);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain('过于频繁');
  });
});
