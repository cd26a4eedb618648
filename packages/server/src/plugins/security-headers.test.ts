import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, productionProblems } from '../config';
import { buildApp } from '../app';
import { helmetHeaders } from './security-headers';
import { createTestApp, type TestApp } from '../../test/harness';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => t?.close());

  it('sends CSP without inline script, no framing, nosniff and a referrer policy on the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oa/api/base/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("sends exactly @fastify/helmet's headers (computed once) on answers, refusals and unknown routes", async () => {
    const expected = await helmetHeaders();
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
      ]),
    );
    for (const url of ['/oa/api/base/health', '/oa/api/auth/base/system/user/info', '/oa/api/base/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  it('adds HSTS only when the answer goes out over TLS (here: a trusted proxy says https)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oa/api/base/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('keeps headers on refusals and serves the API docs under a CSP without inline script, no framing', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/oa/api/auth/base/system/user/info' });
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    const docs = await t.app.inject({ method: 'GET', url: '/oa/api-docs' });
    expect(docs.statusCode).toBe(200);
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('production refuses development defaults', () => {
  const prod = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', OA_DATA_DIR: '/tmp/oa-prod-test', ...env } as NodeJS.ProcessEnv, {
      sqliteFile: ':memory:',
      logLevel: 'silent',
    });

  it('will not start on the default signing secret or with demo accounts', async () => {
    expect(productionProblems(prod({}))).toEqual([expect.stringContaining('OA_SIGN_SECRET')]);
    expect(productionProblems(prod({ OA_SIGN_SECRET: 'x'.repeat(32), OA_SEED_DEMO: 'on' }))).toEqual([expect.stringContaining('演示数据')]);
    await expect(buildApp(prod({}), { logger: false })).rejects.toThrow(/OA_SIGN_SECRET/);
  });

  it('leaves development and CI alone', () => {
    expect(productionProblems(loadConfig({} as NodeJS.ProcessEnv))).toEqual([]);
    expect(productionProblems(loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv))).toEqual([]);
    expect(loadConfig({} as NodeJS.ProcessEnv)).toMatchObject({ apiDocs: true, seedDemo: true });
  });

  it('does not serve the API docs in production unless asked to', async () => {
    const config = prod({ OA_SIGN_SECRET: 's'.repeat(32) });
    expect(config).toMatchObject({ apiDocs: false, seedDemo: false });
    const { app } = await buildApp(config, { logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/oa/api-docs' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('swagger');
    } finally {
      await app.close();
    }
    expect(prod({ OA_SIGN_SECRET: 's'.repeat(32), OA_API_DOCS: 'on' }).apiDocs).toBe(true);
  });
});
