import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { planText, recording } from '../../../test/query-plans';
import { searchEntries } from '../../core/search-index.repository';

// SQLite's search is FTS5's (unchanged); the other PostgreSQL queries are primary-key probes
const DIALECTS = (await testDialects()).filter((d) => d === 'postgres');

/**
 * PostgreSQL: every region and block query of a word's walk is answered by the GIN index of reader+bigram and
 * id-block keys (migration 081; the expressions must match the index's, otherwise the walk would read the table).
 */
describe.each(DIALECTS)('search plans on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it.each([
    ['a 3+ word', '年度会员大会'],
    ['two characters', '协会'],
  ])('%s', async (_name, q) => {
    const rec = recording(t.ctx.db);
    await searchEntries(rec.db, {
      now: new Date().toISOString(),
      q,
      kinds: null,
      principals: ['all', 'u:staff', 'd:D01'],
      userCode: 'staff',
      offset: 0,
      limit: 15,
      countUpTo: 165,
    });
    const walk = rec.taken().filter((c) => c.sql.includes('search_reader_grams('));
    expect(walk.length).toBeGreaterThan(0);
    for (const c of walk) {
      const plan = await t.ctx.db.transaction().execute(async (trx) => {
        await sql`set local enable_indexscan = off; set local enable_indexonlyscan = off; set local enable_seqscan = off`.execute(trx);
        return planText(trx, dialect, c);
      });
      expect(plan).toMatch(/Bitmap Index Scan USING idx_search_entry_reader_grams \(+search_reader_grams\(.*id >> 13/);
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
