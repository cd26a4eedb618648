import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import JSZip from 'jszip';
import QRCode from 'qrcode';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet } from '../../../test/upload-kit';
import { driveToApproved, withFiles } from '../../../test/records/approval-kit';
import { pdfImages, pdfQr, pdfText } from '../../../test/pdf-read';

const DIALECTS = await testDialects();
const SHEET = '/oa/api/auth/oa/sheet/print';
const SIGN = '/oa/api/auth/oa/sheet/signature';
const STAMP = '/oa/api/auth/oa/records/oa_stamp';
const APPROVE = '/oa/api/auth/oa/process/approve';
const DOWNLOAD = '/oa/api/auth/base/system/file/download';

describe.each(DIALECTS)('printed approval sheets on %s', (dialect) => {
  let t: TestApp;
  let tok: Record<string, string>;
  let recordId: string;
  let serialNo: string;
  let signatureId: string;
  let sigPng: Buffer;
  const sheet = (token: string, moduleCode: string, id: string, format = 'pdf') =>
    rawGet(t, `${SHEET}?moduleCode=${moduleCode}&recordId=${id}&format=${format}`, token);
  const upload = async (token: string, content: Buffer, name = 'signature.png') => {
    const mp = multipartBody({ name, content, type: 'image/png' });
    return t.call('POST', SIGN, { token, body: mp.body, headers: mp.headers });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const users = ['staff', 'leader', 'admin', 'lina', 'zhaolei'];
    tok = Object.fromEntries(await Promise.all(users.map(async (u) => [u, await t.login(u)] as const)));
    const data = await withFiles(t, 'staff', {
      reason: '理事会决议盖章',
      sealType: '公章',
      copies: 3,
      fileName: '理事会决议',
      files: [{ fileId: '__file__', fileName: 'x' }],
      remark: '请加急',
    });
    const sub = await t.call('POST', `${STAMP}/submit`, { token: tok.staff, body: { data } });
    expect(sub.body.code).toBe(0);
    recordId = sub.body.data.id;
    serialNo = sub.body.data.serialNo;
    // the department leader (王建国) draws a signature and approves with it; the rest approve plainly
    sigPng = await QRCode.toBuffer('王建国的签名', { type: 'png', width: 180, margin: 0 });
    const up = await upload(tok.leader, sigPng);
    expect(up.body).toMatchObject({ code: 0 });
    signatureId = up.body.data.fileId;
    const rec = await t.ctx.db.selectFrom('business_record').select('instance_id').where('id', '=', recordId).executeTakeFirstOrThrow();
    const task = await t.ctx.db
      .selectFrom('wf_task')
      .select('id')
      .where('instance_id', '=', rec.instance_id!)
      .where('status', '=', 'open')
      .where('assignee', '=', 'leader')
      .executeTakeFirstOrThrow();
    const ok = await t.call('POST', APPROVE, {
      token: tok.leader,
      body: { taskId: task.id, comment: '同意用印', signatureFileId: signatureId },
    });
    expect(ok.body).toMatchObject({ code: 0 });
    expect((await driveToApproved(t, 'oa_stamp', recordId)).status).toBe('approved');
  });
  afterAll(async () => {
    await t?.close();
    if (t) fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('prints the fields in the declaration order, the opinions in order with the signature, the serial and a QR to the record', async () => {
    const res = await sheet(tok.staff, 'oa_stamp', recordId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    if (process.env.OA_PRINT_DUMP) fs.writeFileSync(`${process.env.OA_PRINT_DUMP}/stamp-${dialect}.pdf`, res.rawPayload);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('用印申请审批单');
    expect(text).toContain(`编号：${serialNo}`);
    const at = (s: string) => text.indexOf(s);
    const labels = ['用印事由', '印章类型', '用印份数', '文件名称', '用印文件', '备注'];
    for (const l of labels) expect(at(l), l).toBeGreaterThan(-1);
    expect(labels.map(at)).toEqual([...labels.map(at)].sort((a, b) => a - b));
    expect(text).toContain('理事会决议盖章');
    expect(text).toMatch(/3\s?份/);
    // opinions: 提交 by the applicant first, then the leader's 同意用印, in time order
    expect(at('审批意见')).toBeGreaterThan(at('备注'));
    expect(text.indexOf('刘小雨', at('审批意见'))).toBeGreaterThan(-1);
    expect(text.indexOf('同意用印')).toBeGreaterThan(text.indexOf('提交', at('审批意见')));
    expect(text.indexOf('王建国', at('审批意见'))).toBeGreaterThan(-1);
    // two images: the QR code and the leader's handwritten signature (180 px square as drawn)
    const images = pdfImages(res.rawPayload);
    expect(images.some((i) => i.width === 180 && i.height === 180)).toBe(true);
    expect(images).toHaveLength(2);
    const url = pdfQr(res.rawPayload);
    expect(url).toMatch(new RegExp(`^https?://[^/]+/oa/stampPreview\\?id=${recordId}$`));
  });

  it('any reader prints it (the approver, a manager), a non-reader gets 404 and the detail says who may', async () => {
    expect((await sheet(tok.leader, 'oa_stamp', recordId)).statusCode).toBe(200);
    expect((await sheet(tok.admin, 'oa_stamp', recordId)).statusCode).toBe(200);
    const outsider = await sheet(tok.lina, 'oa_stamp', recordId);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).toContain('记录不存在或无权查看');
    const detail = await t.call('GET', `${STAMP}/get?id=${recordId}`, { token: tok.leader });
    expect(detail.body.data.can.print).toBe(true);
  });

  it('the signature image is readable by the record readers only; an opinion cannot carry another file', async () => {
    expect((await rawGet(t, `${DOWNLOAD}?fileId=${signatureId}`, tok.staff)).statusCode).toBe(200);
    expect((await rawGet(t, `${DOWNLOAD}?fileId=${signatureId}`, tok.lina)).statusCode).toBe(403);
    // a signature must be a PNG
    const jpg = await upload(tok.leader, Buffer.from('not a png'), 'a.jpg');
    expect(jpg.status).toBe(400);
    const sub = await t.call('POST', `${STAMP}/submit`, {
      token: tok.staff,
      body: {
        data: await withFiles(t, 'staff', {
          reason: '再次盖章',
          sealType: '公章',
          copies: 1,
          files: [{ fileId: '__file__', fileName: 'x' }],
        }),
      },
    });
    const rec = await t.ctx.db
      .selectFrom('business_record')
      .select('instance_id')
      .where('id', '=', sub.body.data.id)
      .executeTakeFirstOrThrow();
    const task = await t.ctx.db
      .selectFrom('wf_task')
      .select('id')
      .where('instance_id', '=', rec.instance_id!)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    // someone else's signature (staff's own upload) is refused for the leader
    const stolen = (await upload(tok.staff, sigPng)).body.data.fileId;
    const r = await t.call('POST', APPROVE, { token: tok.leader, body: { taskId: task.id, signatureFileId: stolen } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('手写签名无效，请重新签名');
  });

  it('prints the sheet as an editable Word file with the same content', async () => {
    const res = await sheet(tok.staff, 'oa_stamp', recordId, 'docx');
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = xml.replace(/<[^>]+>/g, '');
    expect(text).toContain('用印申请审批单');
    expect(text).toContain(serialNo);
    expect(text.indexOf('用印事由')).toBeLessThan(text.indexOf('印章类型'));
    expect(text).toContain('同意用印');
    expect(Object.keys(zip.files).filter((f) => f.startsWith('word/media/'))).toHaveLength(2);
  });

  it('prints a 收文 处理笺 for its reader and refuses a draft', async () => {
    const doc = await t.ctx.db
      .selectFrom('doc_document')
      .select(['id', 'creator', 'serial_no', 'title'])
      .where('kind', '=', 'receipt')
      .where('scope', '=', 'office')
      .where('status', '!=', 'draft')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const token = await t.login(doc.creator);
    const res = await sheet(token, 'oa_receipt', doc.id);
    expect(res.statusCode).toBe(200);
    if (process.env.OA_PRINT_DUMP) fs.writeFileSync(`${process.env.OA_PRINT_DUMP}/receipt-${dialect}.pdf`, res.rawPayload);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('收文处理笺');
    expect(text).toContain(doc.serial_no);
    expect(text.indexOf('来文单位')).toBeLessThan(text.indexOf('收文日期'));
    expect(text).toContain('登记');
    const draft = await t.call('POST', `${STAMP}/save`, { token: tok.staff, body: { data: { reason: '草稿' } } });
    const d = await sheet(tok.staff, 'oa_stamp', draft.body.data.id);
    const refusal = JSON.parse(d.body) as { code: number; message: string };
    expect(refusal.code).not.toBe(0);
    expect(refusal.message).toBe('草稿尚未提交，不能打印审批单');
  });
  it('a document reader who only received it (a distribution copy, no process step) prints its 发文稿纸', async () => {
    const copies = await t.ctx.db
      .selectFrom('doc_distribution')
      .innerJoin('doc_document', 'doc_document.id', 'doc_distribution.doc_id')
      .select([
        'doc_document.id',
        'doc_document.module_code',
        'doc_document.creator',
        'doc_distribution.user_code',
        'doc_document.serial_no',
      ])
      .where('doc_distribution.recipient_kind', '=', 'user')
      .where('doc_document.kind', '=', 'dispatch')
      .execute();
    let copy: (typeof copies)[number] | undefined;
    for (const c of copies) {
      const q = { moduleCode: c.module_code, recordId: c.id, userCode: c.user_code! };
      if (c.user_code !== 'admin' && c.user_code !== c.creator && !(await t.ctx.workflow.isParticipant(t.ctx.db, q))) {
        copy = c;
        break;
      }
    }
    expect(copy, 'a recipient who took no part').toBeDefined();
    const user = copy!.user_code!;
    const res = await sheet(await t.login(user), copy!.module_code, copy!.id);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('发文处理笺');
    expect(text).toContain(copy!.serial_no);
    // someone the documents' read rule turns away gets nothing
    let outsider: string | undefined;
    for (const u of ['lina', 'zhoutao', 'wangfang', 'zhaolei', 'sunlihua'])
      if (!(await t.ctx.documents!.canRead(t.ctx.db, u, copy!.id))) {
        outsider = u;
        break;
      }
    expect(outsider).toBeDefined();
    expect((await sheet(await t.login(outsider!), copy!.module_code, copy!.id)).statusCode).toBe(404);
  });
});
