import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { planText, recording } from '../../../test/query-plans';
import { SEARCH_TUNING, searchEntries } from '../../core/search/search-index.repository';

// SQLite's search is FTS5's (unchanged); the other PostgreSQL queries are primary-key probes
const DIALECTS = (await testDialects()).filter((d) => d === 'postgres');

/**
 * PostgreSQL: a word of 3+ characters is first probed in the trigram indexes of title and body; the whole-index
 * probe of a word and every region and block query of its walk are answered by the GIN index of reader+bigram
 * and id-block keys (migration 081; the expressions must match the index's, otherwise the walk would read the
 * table). Probes of one match make the small test data walk.
 */
describe.each(DIALECTS)('search plans on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const ginOnly = (c: Parameters<typeof planText>[2]) =>
    t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_indexscan = off; set local enable_indexonlyscan = off; set local enable_seqscan = off`.execute(trx);
      return planText(trx, dialect, c);
    });

  it.each([
    ['a 3+ word', '年度会员大会', 256],
    ['two characters', '协会', 256],
    ['a 3+ word, walked', '王建国', 1],
    ['two characters, walked', '协会', 1],
  ])('%s', async (_name, q, probe) => {
    const rec = recording(t.ctx.db);
    const before = { ...SEARCH_TUNING };
    Object.assign(SEARCH_TUNING, { regionProbe: probe, wordProbe: probe });
    await searchEntries(rec.db, {
      now: new Date().toISOString(),
      q,
      kinds: null,
      principals: ['all', 'u:staff', 'd:D01'],
      userCode: 'staff',
      offset: 0,
      limit: 15,
      countUpTo: 165,
    }).finally(() => Object.assign(SEARCH_TUNING, before));
    const taken = rec.taken();
    const trigrams = taken.filter((c) => c.sql.includes(' ilike '));
    // a 3+ word: the trigram probe first
    expect(trigrams.length).toBe([...q].length >= 3 ? 1 : 0);
    for (const c of trigrams) {
      const plan = await ginOnly(c);
      expect(plan).toMatch(/Bitmap Index Scan USING idx_search_entry_title_trgm/);
      expect(plan).toMatch(/Bitmap Index Scan USING idx_search_entry_body_trgm/);
      expect(plan).not.toContain('Seq Scan');
    }
    const walk = taken.filter((c) => c.sql.includes('search_reader_grams('));
    // found by trigrams: no reader+bigram keys asked
    expect(walk.length > 0).toBe(trigrams.length === 0 || probe === 1);
    // walked: the whole-index probe, then region probes
    if (probe === 1) expect(walk.filter((c) => c.sql.includes('e.id >> 13')).length).toBeGreaterThan(0);
    for (const c of walk) {
      const plan = await ginOnly(c);
      expect(plan).toMatch(/Bitmap Index Scan USING idx_search_entry_reader_grams \(+search_reader_grams\(/);
      if (c.sql.includes('e.id >> 13')) expect(plan).toMatch(/idx_search_entry_reader_grams \(+search_reader_grams\(.*id >> 13/);
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
