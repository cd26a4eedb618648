import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_API } from '@oa/shared/contract/archive';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const P = (p: string) => `/oa${p}`;

/** DA/T 22 (issue 32): 件号 per fonds, year, retention and organisation, without gaps under concurrency; 档号 order; real 页数. */
describe.each(DIALECTS)('archive numbering on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const as = async (u: string) => tokens.get(u) ?? tokens.set(u, await t.login(u)).get(u)!;
  const fileAs = async (u: string, docId: string, retention: string) =>
    t.call('POST', P(ARCHIVE_API.file), { token: await as(u), body: { docId, retention } });
  const itemNo = (code: string) => Number(code.slice(-4));

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('the seeded catalogue numbers each retention period on its own, from 1, without gaps', async () => {
    const items = await t.ctx.db.selectFrom('archive_item').select(['retention', 'org_code', 'year', 'item_no']).execute();
    const bySeries = new Map<string, number[]>();
    for (const i of items) {
      const k = `${i.year}|${i.retention}|${i.org_code}`;
      bySeries.set(k, [...(bySeries.get(k) ?? []), i.item_no]);
    }
    expect(bySeries.size).toBeGreaterThan(1);
    for (const nos of bySeries.values()) expect(nos.sort((a, b) => a - b)).toEqual(nos.map((_, i) => i + 1));
  });

  it('two archivists filing at once get unique numbers without gaps, each retention its own run; the catalogue is in 档号 order', async () => {
    const docs = await t.ctx.db.selectFrom('doc_document').select('id').where('archived', '=', 'N').orderBy('id').limit(6).execute();
    expect(docs).toHaveLength(6);
    await t.ctx.db
      .updateTable('doc_document')
      .set({ status: 'done', kind: 'receipt', scope: 'office', dept_code: 'D01' })
      .where(
        'id',
        'in',
        docs.map((d) => d.id),
      )
      .execute();
    const before = await t.ctx.db.selectFrom('archive_counter').select(['series', 'last_no']).execute();
    const last = (retention: string) =>
      before.find((b) => b.series.includes(`:${retention}:`) && b.series.startsWith('item:A001:WS:'))?.last_no ?? 0;
    const base = { D30: last('D30'), D10: last('D10') };
    const results = await Promise.all(docs.map((d, i) => fileAs(i % 2 ? 'sunlihua' : 'admin', d.id, i < 3 ? 'D30' : 'D10')));
    for (const r of results) expect(r.body.code, r.body.message).toBe(0);
    const codes = results.map((r) => r.body.data.archiveCode as string);
    expect(new Set(codes).size).toBe(6);
    for (const ret of ['D30', 'D10'] as const) {
      const nos = codes
        .filter((c) => c.includes(`-${ret}-`))
        .map(itemNo)
        .sort((a, b) => a - b);
      expect(nos).toEqual([1, 2, 3].map((n) => base[ret] + n));
    }
    const list = await t.call('GET', P(ARCHIVE_API.list), { token: await as('sunlihua'), query: { pageSize: '100' } });
    const listed = list.body.data.list.map((i: { archiveCode: string }) => i.archiveCode) as string[];
    expect(listed).toEqual([...listed].sort());
  });
});
