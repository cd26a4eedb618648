import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_API } from '@oa/shared/contract/archive';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { WILD } from '../../../test/like-kit';

const DIALECTS = await testDialects();
const P = (p: string) => `/oa${p}`;

describe.each(DIALECTS)('archive on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('the keywords of the documents to file and of the catalogue match % and _ as written', async () => {
    // two seeded receipts waiting to be filed and two catalogue entries, retitled
    const docs = await t.ctx.db.selectFrom('doc_document').select('id').where('kind', '=', 'receipt').orderBy('id').limit(2).execute();
    const items = await t.ctx.db.selectFrom('archive_item').select('id').orderBy('id').limit(2).execute();
    expect(docs).toHaveLength(2);
    expect(items).toHaveLength(2);
    for (const [i, title] of [WILD.literal, WILD.lookalike].entries()) {
      await t.ctx.db.updateTable('doc_document').set({ title, status: 'done', archived: 'N' }).where('id', '=', docs[i].id).execute();
      await t.ctx.db.updateTable('archive_item').set({ title }).where('id', '=', items[i].id).execute();
    }
    const found = async (keyword: string) => ({
      pending: (await t.call('GET', P(ARCHIVE_API.pending), { token: admin, query: { kind: 'receipt', keyword } })).body.data.list.map(
        (d: { title: string }) => d.title,
      ),
      catalogue: (await t.call('GET', P(ARCHIVE_API.list), { token: admin, query: { keyword } })).body.data.list.map(
        (d: { title: string }) => d.title,
      ),
    });
    expect(await found(WILD.literal)).toEqual({ pending: [WILD.literal], catalogue: [WILD.literal] });
    expect(await found('%')).toEqual({ pending: [], catalogue: [] });
  });
});
