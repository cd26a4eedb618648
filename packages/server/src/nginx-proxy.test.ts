import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '@oa/shared/crypto/signature';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { FILE_API } from '@oa/shared/contract/files-api';
import { createTestApp, type TestApp } from '../test/harness';
import { multipartBody } from '../test/upload-kit';
import { NGINX_BIN, SITE_CONF, startNginx, type RunningNginx } from '@oa/shared/test/nginx-kit';
import { DEMO_PASSWORD } from './db/seed/seed';

// The deployment's nginx file (deploy/nginx/assoc-oa.conf, docs/deployment.md) in front of an application instance
// with OA_TRUST_PROXY, over real TLS. Under CI=true it always runs (.ci/run installs Debian's nginx).
const RUN = NGINX_BIN !== undefined || process.env.CI === 'true';
if (!RUN) console.warn('nginx-proxy.test.ts skipped: nginx is not installed (apt-get install nginx); under CI=true it runs');

describe('docs/deployment.md', () => {
  it('quotes the nginx file and the systemd unit verbatim (what the administrator copies is what is tested)', () => {
    const repo = path.resolve(import.meta.dirname, '../../..');
    const doc = fs.readFileSync(path.join(repo, 'docs/deployment.md'), 'utf8');
    expect(doc).toContain(`\`\`\`nginx\n${fs.readFileSync(SITE_CONF, 'utf8')}\`\`\``);
    expect(doc).toContain(`\`\`\`ini\n${fs.readFileSync(path.join(repo, 'deploy/systemd/assoc-oa.service'), 'utf8')}\`\`\``);
  });
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

describe.skipIf(!RUN)('behind nginx with TLS (deploy/nginx/assoc-oa.conf)', () => {
  let t: TestApp;
  let proxy: RunningNginx;
  let token = '';

  const request = (method: string, url: string, opts: { headers?: Record<string, string>; body?: Buffer } = {}) =>
    new Promise<{ res: IncomingMessage; answer: () => Promise<Answer> }>((resolve, reject) => {
      const req = https.request(
        { host: '127.0.0.1', port: proxy.httpsPort, method, path: url, ca: proxy.ca, headers: opts.headers },
        (res) =>
          resolve({
            res,
            answer: async () => {
              const chunks: Buffer[] = [];
              for await (const c of res) chunks.push(c as Buffer);
              return { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) };
            },
          }),
      );
      req.on('error', reject);
      req.end(opts.body);
    });
  const signed = async (url: string) => {
    const ts = String(Date.now());
    return {
      'auth-appid': t.config.signAppId,
      'auth-timestamp': ts,
      'auth-signature': await signRequest(t.config.signSecret, url.split('?')[0], ts, t.config.signAppId),
      'auth-source': 'web',
      'auth-device': 'pc',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
  };
  const call = async (method: string, url: string, opts: { headers?: Record<string, string>; body?: Buffer } = {}) =>
    (await request(method, url, { ...opts, headers: { ...(await signed(url)), ...opts.headers } })).answer();

  beforeAll(async () => {
    t = await createTestApp('sqlite', { trustProxy: ['127.0.0.1'] });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    proxy = await startNginx((t.app.server.address() as AddressInfo).port);
  });
  afterAll(async () => {
    await proxy?.stop();
    await t?.close();
  });

  it('logs in over https and answers with HSTS (the proxy’s X-Forwarded-Proto is trusted)', async () => {
    const page = await call('GET', '/oa/api/base/health');
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers.server).toBe('nginx'); // server_tokens off: no version

    const body = Buffer.from(JSON.stringify({ username: 'staff', password: hashPassword(DEMO_PASSWORD) }));
    const login = await call('POST', '/oa/api/base/browserLogin', { body, headers: { 'content-type': 'application/json' } });
    const json = JSON.parse(login.body.toString()) as { code: number; message: string; data: { token: string } };
    expect(json.code, json.message).toBe(0);
    token = json.data.token;
    expect(login.headers['strict-transport-security']).toBeDefined();

    // one request id end to end: nginx's, answered by the application and in the proxy's access log
    const rid = String(login.headers['x-request-id']);
    expect(rid).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => fs.readFileSync(path.join(proxy.dir, 'logs/assoc-oa.access.log'), 'utf8')).toContain(`rid=${rid}`);

    // the metrics stay inside: the proxy does not pass /metrics on
    expect((await call('GET', '/metrics')).status).toBe(404);
  });

  it('uploads a 3 MB file and downloads the same bytes', async () => {
    const content = Buffer.from(`${'经由代理上传的文件内容。'.repeat(40)}\n${randomBytes(4).toString('hex')}\n`.repeat(2200));
    expect(content.length).toBeGreaterThan(3_000_000);
    const form = multipartBody({ name: '代理上传.txt', content, type: 'text/plain' });
    const up = await call('POST', `/oa${FILE_API.upload}`, { body: form.body, headers: form.headers });
    const uploaded = JSON.parse(up.body.toString()) as { code: number; message: string; data: { fileId: string; size: number } };
    expect(uploaded.code, uploaded.message).toBe(0);
    expect(uploaded.data.size).toBe(content.length);
    const down = await call('GET', `/oa${FILE_API.download}?filePath=${uploaded.data.fileId}`);
    expect(down.status).toBe(200);
    expect(createHash('sha256').update(down.body).digest('hex')).toBe(createHash('sha256').update(content).digest('hex'));
  });

  it('delivers a live event through the proxy at once, on a stream that stays open', async () => {
    const url = '/oa/api/auth/oa/process/stream';
    const { res } = await request('GET', url, { headers: { ...(await signed(url)), accept: 'text/event-stream' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    let text = '';
    const arrived = (what: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${what}" within 5 s; received: ${text}`)), 5000);
        const check = () => {
          if (!text.includes(what)) return;
          clearTimeout(timer);
          res.off('data', onData);
          resolve();
        };
        const onData = (c: Buffer) => {
          text += c.toString();
          check();
        };
        res.on('data', onData);
        check();
      });
    await arrived('event: unread');
    const sentAt = Date.now();
    t.ctx.events.publish('staff', { kind: 'system', title: '经由代理的实时通知', instanceId: null });
    await arrived('经由代理的实时通知');
    expect(Date.now() - sentAt).toBeLessThan(2000);
    expect(text).toMatch(/event: notification\ndata: .*经由代理的实时通知/);
    expect(res.complete).toBe(false); // still open
    res.destroy();
  });
});
