import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const LIST = '/oa/api/auth/oa/records/oa_stamp/list';

/** An enumerated filter with a value outside its range is refused, never silently dropped (which listed everything). */
describe.each(DIALECTS)('list filters with enumerated values on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    staff = await t.login('staff');
  });
  afterAll(async () => t?.close());

  const list = (filters: object) => t.call('GET', LIST, { token: staff, query: { filters: JSON.stringify(filters) } });

  it('answers 400 naming the filter for an unknown status or select option', async () => {
    for (const [filters, field] of [
      [{ status: 'nonexistent' }, 'filters.status'],
      [{ status: ['running', 'nonexistent'] }, 'filters.status'],
      [{ sealType: '不存在的章' }, 'filters.sealType'],
    ] as const) {
      const res = await list(filters);
      expect(res.status, JSON.stringify(filters)).toBe(400);
      expect(res.body.message).toContain('不在可选范围内');
      expect(res.body.data.field).toBe(field);
    }
  });

  it('still filters by known values', async () => {
    const res = await list({ status: ['running', 'approved'], sealType: '公章' });
    expect(res.status).toBe(200);
    expect(res.body.data.list.every((r: { status: string }) => ['running', 'approved'].includes(r.status))).toBe(true);
  });
});
