import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet, TINY_PNG } from '../../../test/upload-kit';

const DIALECTS = await testDialects();
const UPLOAD = '/oa/api/auth/base/system/file/upload';
const DOWNLOAD = '/oa/api/auth/base/system/file/download';
const STAMP = '/oa/api/auth/oa/records/oa_stamp';

describe.each(DIALECTS)('private attachments of records on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  let leader: string;
  let outsider: string;
  let admin: string;
  let fileId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [staff, leader, outsider, admin] = await Promise.all(['staff', 'leader', 'wangfang', 'admin'].map((u) => t.login(u)));
    const mp = multipartBody({ name: '盖章文件.png', content: TINY_PNG, type: 'image/png' }, { scope: 'private' });
    const up = await t.call('POST', UPLOAD, { token: staff, body: mp.body, headers: mp.headers });
    expect(up.body.code).toBe(0);
    fileId = up.body.data.fileId;
  });
  afterAll(async () => {
    await t?.close();
    if (t) fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  const download = (token: string) => rawGet(t, `${DOWNLOAD}?fileId=${fileId}`, token);

  it("a private upload is the uploader's alone until it is attached", async () => {
    expect((await download(staff)).statusCode).toBe(200);
    expect((await download(leader)).statusCode).toBe(403);
  });

  it('once attached to a submitted application, its readers (the approver) may download it; others may not', async () => {
    const sub = await t.call('POST', `${STAMP}/submit`, {
      token: staff,
      body: { data: { reason: '签订合作协议', sealType: '合同专用章', copies: 2, files: [{ fileId, fileName: '盖章文件.png' }] } },
    });
    expect(sub.body.code).toBe(0);
    expect((await download(leader)).statusCode).toBe(200);
    expect((await download(admin)).statusCode).toBe(200);
    expect((await download(outsider)).statusCode).toBe(403);
  });

  it("nobody gains access by naming another person's private file in their own record", async () => {
    const before = Number(
      (
        await t.ctx.db
          .selectFrom('business_record')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = await t.call('POST', `${STAMP}/save`, {
      token: outsider,
      body: { data: { reason: '借用', sealType: '公章', copies: 1, files: [{ fileId, fileName: 'x.png' }] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('他人上传的文件');
    const after = Number(
      (
        await t.ctx.db
          .selectFrom('business_record')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
    expect((await download(outsider)).statusCode).toBe(403);
  });
});
