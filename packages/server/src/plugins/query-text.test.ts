import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';

const DIALECTS = await testDialects();

/** Routes × query values no person types (issue 32: U+202E in a query value reached the ETag and answered 500). */
const ROUTES: Array<[url: string, field: string]> = [
  ['/oa/api/auth/industry/common/addressBookList', 'platformCode'],
  ['/oa/api/auth/industry/common/addressBookList', 'keyword'],
  ['/oa/api/auth/oa/news/list', 'keyword'],
  ['/oa/api/auth/oa/search', 'keyword'],
  ['/oa/api/auth/base/system/file/download', 'fileName'],
  ['/oa/api/auth/oa/process/todo', 'keyword'],
];
const ODD = ['\u202e1', '1\u0000', '\u2066x'];

describe.each(DIALECTS)('odd Unicode in a query value is a 400, never a 500, on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login('staff');
  });
  afterAll(() => t.close());

  it('control and direction characters: 400 naming the parameter on every route', async () => {
    for (const [url, field] of ROUTES) {
      for (const value of ODD) {
        const res = await t.call('GET', url, { token, query: { filePath: 'f0', [field]: value } });
        expect([url, field, res.status, res.body.data?.field]).toEqual([url, field, 400, field]);
        expect(res.body.message).toContain(field);
      }
    }
  });

  it('a supplementary character is text: never a 500; a platform code of it is a 400 naming the field', async () => {
    const emoji = '😀𠀀';
    for (const [url, field] of ROUTES) {
      const res = await t.call('GET', url, { token, query: { [field]: emoji } });
      expect([url, field, res.status < 500]).toEqual([url, field, true]);
    }
    const platform = await t.call('GET', ROUTES[0][0], { token, query: { platformCode: emoji } });
    expect([platform.status, platform.body.data?.field]).toEqual([400, 'platformCode']);
  });

  it('the address book ETag is ASCII and follows the platform', async () => {
    const a = await t.call('GET', ROUTES[0][0], { token });
    const b = await t.call('GET', ROUTES[0][0], { token, query: { platformCode: '4' } });
    expect(String(a.headers.etag)).toMatch(/^W\/"[\w-]+"$/);
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });
});
