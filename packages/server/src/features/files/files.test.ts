import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet, TINY_PNG } from '../../../test/upload-kit';

const DIALECTS = await testDialects();
const UPLOAD = '/oa/api/auth/base/system/file/upload';
const DOWNLOAD = '/oa/api/auth/base/system/file/download';
const IMAGE = '/oa/api/base/system/file/download';
const MAX = 64 * 1024;

const walk = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    : [];

describe.each(DIALECTS)('files on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  let leader: string;
  const upload = (token: string, name: string, content: Buffer, fields: Record<string, string> = {}) => {
    const mp = multipartBody({ name, content }, fields);
    return t.call('POST', UPLOAD, { token, body: mp.body, headers: mp.headers });
  };
  const fileCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('sys_file')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect, { uploadMaxBytes: MAX });
    staff = await t.login('staff');
    leader = await t.login('leader');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('stores an upload under its content hash and downloads it with its name', async () => {
    const content = Buffer.from('PK\x03\x04 a spreadsheet body', 'latin1');
    const res = await upload(staff, '2024年工作统计.xlsx', content);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const { filePath } = res.body.data;
    expect(filePath).toMatch(/^f[0-9a-f]{30}$/);
    const row = await t.ctx.db.selectFrom('sys_file').selectAll().where('id', '=', filePath).executeTakeFirstOrThrow();
    expect(fs.readFileSync(path.join(t.config.dataDir, 'files', row.sha256.slice(0, 2), row.sha256.slice(2, 4), row.sha256))).toEqual(
      content,
    );
    const dl = await rawGet(t, `${DOWNLOAD}?filePath=${filePath}&fileName=${encodeURIComponent('统计')}`, leader);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toContain('spreadsheetml');
    expect(String(dl.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('统计.xlsx')}`);
    expect(dl.rawPayload).toEqual(content);
    expect(res.body.data.fileId).toBe(filePath);
    expect((await rawGet(t, `${DOWNLOAD}?fileId=${filePath}`, leader)).rawPayload).toEqual(content);
    expect((await rawGet(t, DOWNLOAD, leader)).statusCode).toBe(400);
  });

  it('refuses oversize, wrong type, renamed executables, paths and double extensions; writes nothing', async () => {
    const before = await fileCount();
    const cases: Array<[string, Buffer, number]> = [
      ['big.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX + 10, 0x20)]), 413],
      ['tool.exe', Buffer.from('MZ\x90\x00rest', 'latin1'), 400],
      ['报告.pdf', Buffer.from('MZ\x90\x00renamed executable', 'latin1'), 400],
      ['photo.png', Buffer.from('%PDF-1.4 not a png'), 400],
      ['../../etc/cron.txt', Buffer.from('hello'), 400],
      ['..\\..\\boot.txt', Buffer.from('hello'), 400],
      ['invoice.exe.pdf', Buffer.from('%PDF-1.4'), 400],
      ['shell.php.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 400],
      ['page.html', Buffer.from('<html></html>'), 400],
      ['empty.txt', Buffer.alloc(0), 400],
    ];
    for (const [name, content, status] of cases) {
      const res = await upload(staff, name, content);
      expect(res.status, name).toBe(status);
      expect(res.body.code, name).not.toBe(0);
      expect(res.body.message, name).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await fileCount()).toBe(before);
    expect(walk(path.join(t.config.dataDir, 'files', 'tmp'))).toEqual([]);
    const notMultipart = await t.call('POST', UPLOAD, { token: staff, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
    const anon = await upload('', 'a.txt', Buffer.from('x'));
    expect(anon.status).toBe(401);
  });

  it('takes 20 parallel uploads, each stored whole, nothing half-written', async () => {
    const before = await fileCount();
    const bodies = Array.from({ length: 20 }, (_, i) => Buffer.from(`%PDF-1.4\n第${i % 10}份文件内容 ${'x'.repeat(1000 * (i % 10))}`));
    const results = await Promise.all(bodies.map((b, i) => upload(staff, `文件${i}.pdf`, b)));
    expect(results.every((r) => r.status === 200 && r.body.code === 0)).toBe(true);
    expect(await fileCount()).toBe(before + 20);
    for (const [i, r] of results.entries()) {
      const dl = await rawGet(t, `${DOWNLOAD}?filePath=${r.body.data.filePath}`, staff);
      expect(dl.rawPayload).toEqual(bodies[i]);
    }
    expect(walk(path.join(t.config.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('serves the image address only with a valid session token', async () => {
    const res = await upload(staff, 'a.png', TINY_PNG);
    const id = res.body.data.filePath;
    const img = await rawGet(t, `${IMAGE}?filePath=${id}&wtoken=${staff}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(String(img.headers['content-disposition'])).toMatch(/^inline/);
    expect((await rawGet(t, `${IMAGE}?filePath=${id}`)).statusCode).toBe(401);
    expect((await rawGet(t, `${IMAGE}?filePath=${id}&wtoken=garbage`)).statusCode).toBe(401);
    expect((await rawGet(t, `${IMAGE}?filePath=../../oa.db&wtoken=${staff}`)).statusCode).toBe(400);
    expect((await rawGet(t, `${IMAGE}?filePath=f${'0'.repeat(30)}&wtoken=${staff}`)).statusCode).toBe(404);
    const gone = await t.login('staff');
    await t.call('GET', '/oa/api/auth/base/logout', { token: gone });
    expect((await rawGet(t, `${IMAGE}?filePath=${id}&wtoken=${gone}`)).statusCode).toBe(401);
  });

  it('serves an image at a thumbnail width as a small WebP, made once; the original without it; a bad width is refused', async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const id = (await upload(staff, '封面.jpg', photo)).body.data.filePath;
    const thumb = await rawGet(t, `${IMAGE}?filePath=${id}&wtoken=${staff}&w=160`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(Number(thumb.headers['content-length'])).toBe(thumb.rawPayload.length);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 90]);
    expect(thumb.rawPayload.length).toBeLessThan(photo.length / 4);
    const cached = walk(path.join(t.config.dataDir, 'cache', 'thumbs'));
    expect(cached.filter((f) => f.endsWith('-160.webp'))).toHaveLength(1);
    expect((await rawGet(t, `${IMAGE}?filePath=${id}&wtoken=${staff}&w=160`)).rawPayload).toEqual(thumb.rawPayload);
    expect(walk(path.join(t.config.dataDir, 'cache', 'thumbs'))).toEqual(cached);

    const original = await rawGet(t, `${IMAGE}?filePath=${id}&wtoken=${staff}`);
    expect([original.headers['content-type'], original.rawPayload.length]).toEqual(['image/jpeg', photo.length]);
    const bad = await rawGet(t, `${IMAGE}?filePath=${id}&wtoken=${staff}&w=123`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('缩略图宽度 w');
    // a picture smaller than the width is never enlarged
    const small = (await upload(staff, 'small.png', TINY_PNG)).body.data.filePath;
    expect((await sharp((await rawGet(t, `${IMAGE}?filePath=${small}&wtoken=${staff}&w=640`)).rawPayload).metadata()).width).toBe(1);
    // without the right to read the file, no thumbnail either
    const priv = (await upload(staff, '私人照片.jpg', photo, { scope: 'private' })).body.data.filePath;
    expect((await rawGet(t, `${IMAGE}?filePath=${priv}&wtoken=${leader}&w=160`)).statusCode).toBe(403);
  });

  it('re-checks permission: a private file only for its owner and administrators', async () => {
    const res = await upload(staff, '私人.txt', Buffer.from('仅本人可见'), { scope: 'private' });
    const id = res.body.data.filePath;
    expect((await rawGet(t, `${DOWNLOAD}?filePath=${id}`, staff)).statusCode).toBe(200);
    expect((await rawGet(t, `${DOWNLOAD}?filePath=${id}`, leader)).statusCode).toBe(403);
    expect((await rawGet(t, `${DOWNLOAD}?filePath=${id}`, await t.login('admin'))).statusCode).toBe(200);
  });
});
