import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import JSZip from 'jszip';
import QRCode from 'qrcode';
import { notifyConfigOf } from '../../core/notify/notify-config';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet } from '../../../test/upload-kit';
import { driveToApproved, withFiles } from '../../../test/records/approval-kit';
import { templateDocx } from '../../../test/print-template-kit';
import { pdfQr } from '../../../test/pdf-read';

const DIALECTS = await testDialects();
const API = '/oa/api/auth/oa/print-template';
const SHEET = '/oa/api/auth/oa/sheet/print';
const SIGN = '/oa/api/auth/oa/sheet/signature';
const STAMP = '/oa/api/auth/oa/records/oa_stamp';
const SITE = 'https://oa.example.org';

/** The text of a .docx (its document part without tags) and the images it carries. */
async function docxContent(buffer: Buffer): Promise<{ text: string; media: Buffer[] }> {
  const zip = await JSZip.loadAsync(buffer);
  const xml = await zip.file('word/document.xml')!.async('string');
  const names = Object.keys(zip.files).filter((f) => f.startsWith('word/media/'));
  return { text: xml.replace(/<[^>]+>/g, ''), media: await Promise.all(names.map((n) => zip.file(n)!.async('nodebuffer'))) };
}

describe.each(DIALECTS)('Word templates of the printed sheets on %s', (dialect) => {
  let t: TestApp;
  let tok: Record<string, string>;
  let recordId: string;
  let serialNo: string;
  let sigPng: Buffer;
  const upload = (token: string, content: Buffer, name = '用印模板.docx', moduleCode = 'oa_stamp') => {
    const mp = multipartBody({ name, content });
    return t.call('POST', `${API}/upload?moduleCode=${moduleCode}`, { token, body: mp.body, headers: mp.headers });
  };
  const written = async () => ({
    templates: (await t.ctx.db.selectFrom('print_template').selectAll().execute()).length,
    files: (await t.ctx.db.selectFrom('sys_file').select('id').where('kind', '=', 'print_template').execute()).length,
  });

  beforeAll(async () => {
    // the QR code and {链接} name the configured public address, not the request's
    t = await createTestApp(dialect, { notify: { ...notifyConfigOf({ OA_PUBLIC_URL: `${SITE}/` }, 0), pollMs: 0 } });
    tok = Object.fromEntries(await Promise.all(['staff', 'leader', 'admin', 'lina'].map(async (u) => [u, await t.login(u)] as const)));
    const data = await withFiles(t, 'staff', {
      reason: '模板预览用印',
      sealType: '公章',
      copies: 2,
      fileName: '年度报告',
      files: [{ fileId: '__file__', fileName: 'x' }],
    });
    const sub = await t.call('POST', `${STAMP}/submit`, { token: tok.staff, body: { data } });
    recordId = sub.body.data.id;
    serialNo = sub.body.data.serialNo;
    sigPng = await QRCode.toBuffer('王建国的签名', { type: 'png', width: 150, margin: 0 });
    const mp = multipartBody({ name: 'signature.png', content: sigPng, type: 'image/png' });
    const signatureFileId = (await t.call('POST', SIGN, { token: tok.leader, body: mp.body, headers: mp.headers })).body.data.fileId;
    const task = await t.ctx.db
      .selectFrom('wf_task')
      .innerJoin('wf_instance', 'wf_instance.id', 'wf_task.instance_id')
      .select('wf_task.id')
      .where('wf_instance.record_id', '=', recordId)
      .where('wf_task.status', '=', 'open')
      .where('wf_task.assignee', '=', 'leader')
      .executeTakeFirstOrThrow();
    const ok = await t.call('POST', '/oa/api/auth/oa/process/approve', {
      token: tok.leader,
      body: { taskId: task.id, comment: '同意加盖公章', signatureFileId },
    });
    expect(ok.body.code).toBe(0);
    expect((await driveToApproved(t, 'oa_stamp', recordId)).status).toBe('approved');
  });
  afterAll(async () => {
    await t?.close();
    if (t) fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('only an administrator (sys_print_template) manages templates: others get 403', async () => {
    for (const token of [tok.staff, tok.leader]) {
      expect((await t.call('GET', `${API}/list`, { token })).status).toBe(403);
      expect((await upload(token, await templateDocx())).status).toBe(403);
      expect((await rawGet(t, `${API}/preview?moduleCode=oa_stamp&recordId=${recordId}`, token)).statusCode).toBe(403);
    }
    const list = await t.call('GET', `${API}/list`, { token: tok.admin });
    expect(list.body.data).toContainEqual({ moduleCode: 'oa_stamp', sheetName: '用印申请审批单', template: null });
    expect(list.body.data.some((m: { moduleCode: string }) => m.moduleCode === 'oa_receipt')).toBe(true);
    const detail = (await t.call('GET', `${API}/detail?moduleCode=oa_stamp`, { token: tok.admin })).body.data;
    const tags = detail.placeholders.map((p: { tag: string }) => p.tag);
    expect(tags).toEqual(expect.arrayContaining(['编号', '用印事由', 'reason', '印章类型', 'sealType', '二维码']));
    expect(detail.opinionPlaceholders.map((p: { tag: string }) => p.tag)).toEqual(['环节', '办理人', '办理结果', '意见', '时间', '签名']);
  });

  it('refuses what is not a usable template with a Chinese message naming the tag, and writes nothing', async () => {
    const cases: Array<[Buffer, string, RegExp]> = [
      [Buffer.from('PK\u0003\u0004 not really a zip'), 'a.docx', /不是有效的 Word/],
      [await templateDocx(), 'a.pdf', /不支持的文件类型/],
      [await templateDocx({ head: ['{用印事由'] }), 'a.docx', /占位符“\{用印事由”缺少右括号/],
      [await templateDocx({ head: ['{申请单位}'] }), 'a.docx', /占位符“\{申请单位\}”不存在/],
      [await templateDocx({ head: ['{#审批意见}{环节}'] }), 'a.docx', /循环“\{#审批意见\}”缺少结束标记/],
      [await templateDocx({ head: ['{签名}'] }), 'a.docx', /占位符“\{签名\}”不存在/],
      [await templateDocx({ head: ['{二维码}'] }), 'a.docx', /图片占位符应写作“\{%二维码\}”/],
    ];
    for (const [content, name, message] of cases) {
      const r = await upload(tok.admin, content, name);
      expect(r.status, name).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    expect((await upload(tok.admin, await templateDocx(), 'a.docx', 'no_such_module')).status).toBe(400);
    // past 5 MB (or the site's upload limit, if lower): 413, nothing kept
    const big = await upload(tok.admin, Buffer.concat([await templateDocx(), Buffer.alloc(5 * 1024 * 1024)]), 'a.docx');
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/文件大小超过限制/);
    expect(await written()).toEqual({ templates: 0, files: 0 });
  });

  it('uploads a template, previews it against a real record: fields, opinions, signature, serial, QR', async () => {
    const tpl = await templateDocx();
    const r = await upload(tok.admin, tpl);
    expect(r.body).toMatchObject({ code: 0, data: { fileName: '用印模板.docx', uploadedBy: 'admin' } });
    expect(await written()).toEqual({ templates: 1, files: 1 });
    const audit = await t.ctx.db
      .selectFrom('sys_audit')
      .select(['action', 'target'])
      .where('action', '=', 'printTemplate.upload')
      .execute();
    expect(audit).toEqual([{ action: 'printTemplate.upload', target: 'oa_stamp' }]);
    expect((await rawGet(t, `${API}/download?moduleCode=oa_stamp`, tok.admin)).rawPayload.equals(tpl)).toBe(true);

    const records = (await t.call('GET', `${API}/records?moduleCode=oa_stamp`, { token: tok.admin })).body.data;
    expect(records[0]).toMatchObject({ recordId, serialNo });
    const res = await rawGet(t, `${API}/preview?moduleCode=oa_stamp&recordId=${recordId}`, tok.admin);
    expect(res.statusCode).toBe(200);
    const { text, media } = await docxContent(res.rawPayload);
    expect(text).toContain('用印申请审批单');
    expect(text).toContain(`编号：${serialNo}`);
    expect(text).toContain('模板预览用印');
    expect(text).toContain('公章');
    expect(text).toMatch(/刘小雨（[^）]+）/);
    expect(text.indexOf('王建国 同意')).toBeGreaterThan(text.indexOf('刘小雨 提交'));
    expect(text).toContain('同意加盖公章');
    expect(text).not.toContain('{');
    // the QR code and the leader's signature, as drawn
    expect(media).toHaveLength(2);
    expect(media.some((m) => m.equals(sigPng))).toBe(true);
    const html = (await t.call('GET', `${API}/preview?moduleCode=oa_stamp&recordId=${recordId}&format=html`, { token: tok.admin })).body
      .data.html as string;
    expect(html).toContain('模板预览用印');
    expect(html).toContain('同意加盖公章');
    expect(html.match(/<img /g)).toHaveLength(2);
  });

  it('every reader prints Word from the template; a non-reader gets 404; PDF stays the default sheet with the public QR', async () => {
    const docx = (token: string) => rawGet(t, `${SHEET}?moduleCode=oa_stamp&recordId=${recordId}&format=docx`, token);
    for (const token of [tok.staff, tok.leader]) {
      const res = await docx(token);
      expect(res.statusCode).toBe(200);
      const { text } = await docxContent(res.rawPayload);
      expect(text).toContain(`打印：`);
      expect(text).toContain('同意加盖公章');
      expect(text).not.toContain('暂无审批意见');
    }
    expect((await docx(tok.lina)).statusCode).toBe(404);
    const pdf = await rawGet(t, `${SHEET}?moduleCode=oa_stamp&recordId=${recordId}&format=pdf`, tok.staff);
    expect(pdfQr(pdf.rawPayload)).toBe(`${SITE}/oa/stampPreview?id=${recordId}`);
  });

  it('deleting the template prints the default sheet again; a second delete is 404', async () => {
    const del = await t.call('POST', `${API}/delete`, { token: tok.admin, body: { moduleCode: 'oa_stamp' } });
    expect(del.body.code).toBe(0);
    const res = await rawGet(t, `${SHEET}?moduleCode=oa_stamp&recordId=${recordId}&format=docx`, tok.staff);
    const { text } = await docxContent(res.rawPayload);
    expect(text).toContain('审批意见');
    expect(text).not.toContain('打印：');
    expect((await t.call('POST', `${API}/delete`, { token: tok.admin, body: { moduleCode: 'oa_stamp' } })).status).toBe(404);
    const audit = await t.ctx.db.selectFrom('sys_audit').select('target').where('action', '=', 'printTemplate.delete').execute();
    expect(audit).toEqual([{ target: 'oa_stamp' }]);
    expect((await t.call('GET', `${API}/list`, { token: tok.admin })).body.data).toContainEqual({
      moduleCode: 'oa_stamp',
      sheetName: '用印申请审批单',
      template: null,
    });
  });
});
