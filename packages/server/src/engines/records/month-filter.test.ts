import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRow } from '@oa/shared/test/registers.fixtures';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { SAMPLE_CTX } from '../../../test/records/register-kit';

const DIALECTS = await testDialects();
const P = (action: string) => `/oa/api/auth/oa/records/office_tel/${action}`;

describe.each(DIALECTS)('month filters (/TelManage 账单月份) on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
    for (const [i, month] of ['2031-01', '2031-02', '2031-03', '2031-11'].entries()) {
      const res = await t.call('POST', P('save'), {
        token: admin,
        body: { data: { ...sampleRow('office_tel', 900 + i, SAMPLE_CTX), month } },
      });
      expect(res.body.code, res.body.message).toBe(0);
    }
  });
  afterAll(async () => t?.close());

  const count = async (filter: unknown) =>
    (await t.call('GET', P('list'), { token: admin, query: { filters: JSON.stringify({ month: filter }) } })).body.data.total;

  it('matches one month exactly and a range of months inclusively, either end open', async () => {
    expect(await count('2031-02')).toBe(1);
    expect(await count(['2031-01', '2031-03'])).toBe(3);
    expect(await count(['2031-02', null])).toBe(3);
    expect(await count([null, '2031-01'])).toBeGreaterThanOrEqual(1);
    expect(await count(['2031-04', '2031-10'])).toBe(0);
    // not a substring match any more: '2031-1' is no month
    const res = await t.call('GET', P('list'), { token: admin, query: { filters: JSON.stringify({ month: '2031-1' }) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('账单月份');
  });
});
