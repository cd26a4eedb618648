import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet } from '../../../test/upload-kit';

const DIALECTS = await testDialects();
const LIST = '/oa/api/auth/industry/information/ordinary/appPublishList';
const ONE = '/oa/api/auth/industry/information/ordinary/appPublish';
const APK = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('AndroidManifest.xml classes.dex')]);

describe.each(DIALECTS)('app publishing on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
    staff = await t.login('staff');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('has nothing published at first', async () => {
    const res = await t.call('GET', LIST, { token: staff, query: { pageNumber: '1', pageSize: '5', isPublish: 'Y' } });
    expect(res.body.data).toEqual({ list: [], total: 0, pageNumber: 1, pageSize: 5 });
  });

  it('uploads a package, publishes it and serves it publicly; staff sees only published apps', async () => {
    const mp = multipartBody({ name: '协会办公.apk', content: APK });
    const up = await t.call('POST', '/oa/api/auth/oa/apps/upload', { token: admin, body: mp.body, headers: mp.headers });
    expect(up.body.code).toBe(0);
    const draft = await t.call('POST', ONE, {
      token: admin,
      body: { appName: '协会办公', version: '1.0.0', fileId: up.body.data.filePath, isPublish: 'N' },
    });
    expect(draft.body.code).toBe(0);
    const id = draft.body.data.id;
    expect(draft.body.data.appUrl).toBe(`/oa/api/base/oa/apps/package?id=${id}`);
    expect((await rawGet(t, `/oa/api/base/oa/apps/package?id=${id}`)).statusCode).toBe(404);
    expect((await t.call('GET', ONE, { token: staff, query: { id: String(id) } })).status).toBe(403);

    const pub = await t.call('PUT', ONE, {
      token: admin,
      body: { id, appName: '协会办公', version: '1.0.1', fileId: up.body.data.filePath, isPublish: 'Y' },
    });
    expect(pub.body.data.isPublish).toBe('Y');
    const side = await t.call('GET', LIST, { token: staff, query: { pageNumber: '1', pageSize: '5', isPublish: 'Y' } });
    expect(side.body.data.list[0]).toMatchObject({ id, appName: '协会办公', version: '1.0.1', isPublish: 'Y', fileName: '协会办公.apk' });
    const dl = await t.app.inject({ method: 'GET', url: `/oa/api/base/oa/apps/package?id=${id}` });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload).toEqual(APK);
    expect(String(dl.headers['content-disposition'])).toContain(encodeURIComponent('协会办公-1.0.1.apk'));
  });

  it('keeps management to sys_app and validates input', async () => {
    expect((await t.call('GET', LIST, { token: staff, query: { pageNumber: '1', pageSize: '5' } })).status).toBe(403);
    expect((await t.call('POST', ONE, { token: staff, body: { appName: 'x' } })).status).toBe(403);
    expect((await t.call('POST', ONE, { token: admin, body: { appName: '' } })).status).toBe(400);
    expect((await t.call('POST', ONE, { token: admin, body: { appName: 'x', appUrl: 'javascript:alert(1)' } })).status).toBe(400);
    const noPkg = await t.call('POST', ONE, { token: admin, body: { appName: 'x', isPublish: 'Y' } });
    expect(noPkg.body.message).toBe('发布前请上传安装包或填写下载地址');
    const exe = multipartBody({ name: 'app.apk', content: Buffer.from('MZ\x90\x00', 'latin1') });
    expect((await t.call('POST', '/oa/api/auth/oa/apps/upload', { token: admin, body: exe.body, headers: exe.headers })).status).toBe(400);
    const all = await t.call('GET', LIST, { token: admin, query: { pageNumber: '1', pageSize: '10' } });
    expect(all.body.data.total).toBe(1);
    const del = await t.call('DELETE', ONE, { token: admin, body: { id: all.body.data.list[0].id } });
    expect(del.body.code).toBe(0);
    expect((await t.call('DELETE', ONE, { token: admin, body: { id: all.body.data.list[0].id } })).status).toBe(404);
  });
});
