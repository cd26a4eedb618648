import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/** The built web app at /oa/: its files by one route kept to the build folder, index.html for every page path. */
const DESKTOP_HTML =
  '<!doctype html><title>协会办公平台</title><div id="root"></div><template data-oa-shell="home"><h2>{{greeting}}</h2></template>';
const BARE_DESKTOP = '<!doctype html><title>协会办公平台</title><div id="root"></div>';
/** The phone page as the web build writes it: the shells of its first screens as templates (packages/web/m/index.html). */
const PHONE_HTML = [
  '<!doctype html><title>协会办公平台</title><div id="root"></div>',
  '<template data-oa-shell="login"><p>{{siteTitle}}</p><footer>技术支持：信息中心{{supportLine}}</footer></template>',
  '<template data-oa-shell="list"><h1>{{title}}</h1><p>{{wait}}</p><span class="{{on:todo}}">待办</span><span class="{{on:cc}}">抄送</span></template>',
  '<script type="module" src="/oa/assets/phone-1a2b.js"></script>',
].join('\n');

describe('web app files', () => {
  let t: TestApp;
  let dist: string;
  const script = 'console.log("应用");'.repeat(100);
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), DESKTOP_HTML);
    fs.mkdirSync(path.join(dist, 'm'));
    fs.writeFileSync(path.join(dist, 'm/index.html'), PHONE_HTML);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"scope":"/oa/"}');
    fs.writeFileSync(path.join(dist, 'assets/app-1a2b.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/app-1a2b.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(os.tmpdir(), 'oa-outside.txt'), 'kept outside the build');
    t = await createTestApp('sqlite', { webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("answers index.html for every page path, 首页's with its first screen, never cached", async () => {
    for (const url of ['/oa/process/todo', '/oa/user?x=1']) {
      const r = await t.app.inject({ url });
      expect([url, r.statusCode, r.body]).toEqual([url, 200, BARE_DESKTOP]);
      expect(r.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/oa/', '/oa/dashboard', '/oa/Dashboard?from=mail']) {
      const r = await t.app.inject({ url });
      expect([url, r.statusCode, r.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(r.body).toMatch(/^<!doctype html><title>协会办公平台<\/title><div id="root"><h2>(凌晨|上午|中午|下午|晚上)好<\/h2><\/div>$/);
    }
    for (const url of ['/', '/oa']) expect((await t.app.inject({ url })).headers.location).toBe('/oa/');
  });

  it('answers the phone app page under /oa/m/, with the shell of the screen asked for filled in', async () => {
    const page = async (url: string) => {
      const r = await t.app.inject({ url });
      expect([url, r.statusCode, r.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(r.body).not.toContain('<template');
      expect(r.body).toContain('<script type="module" src="/oa/assets/phone-1a2b.js"></script>');
      return r.body;
    };
    const login = await page('/oa/m/login?redirect=%2Fm');
    expect(login).toContain('<div id="root"><p>协会办公平台</p><footer>技术支持：信息中心　联系电话：010-68510000</footer></div>');
    for (const url of ['/oa/m', '/oa/m/', '/oa/m/?from=mail'])
      expect(await page(url)).toContain(
        '<div id="root"><h1>待办</h1><p>正在读取您的待办，请稍候…</p><span class="m-shell-on">待办</span><span class="">抄送</span></div>',
      );
    expect(await page('/oa/m/cc')).toContain(
      '<h1>抄送我的</h1><p>正在读取抄送给您的事项，请稍候…</p><span class="">待办</span><span class="m-shell-on">抄送</span>',
    );
    // an item's page has no shell: the app renders it
    expect(await page('/oa/m/item?m=leave&id=1')).toContain('<div id="root"></div>');
    // a file under /oa/m/ is a file, and the desktop's pages keep index.html
    expect((await t.app.inject({ url: '/oa/m/manifest.webmanifest' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/oa/mine' })).body).toBe(BARE_DESKTOP);
  });

  it('sends a built file, pre-compressed where the browser takes it, hashed assets cached for a year', async () => {
    const br = await t.app.inject({ url: '/oa/assets/app-1a2b.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url: '/oa/assets/app-1a2b.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(script);
    const icon = await t.app.inject({ url: '/oa/favicon.svg' });
    expect([icon.statusCode, icon.headers['cache-control']]).toEqual([200, 'no-cache']);
    // a long extension is a file too (the installed app's manifest), not a page path
    expect((await t.app.inject({ url: '/oa/manifest.webmanifest' })).body).toBe('{"scope":"/oa/"}');
  });

  it('answers 404 for a missing file or an unknown API path, and nothing outside the build folder', async () => {
    for (const url of [
      '/oa/assets/missing.js',
      '/oa/api/nothing',
      '/oa/%2e%2e/oa-outside.txt',
      '/oa/assets/%2e%2e/%2e%2e/oa-outside.txt',
    ]) {
      const r = await t.app.inject({ url });
      expect([url, r.statusCode >= 400 && r.statusCode < 500]).toEqual([url, true]);
      expect(r.body).not.toContain('kept outside the build');
    }
  });
});
