import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { fillTitleGrams, m120TitleByModule } from './120-title-by-module';

/** Migration 120 builds the per-module title index for the records already there, and resumes when interrupted. */

const DIALECTS = await testDialects();
const ROWS = 300;

const hex = (s: string) => Buffer.from(s).toString('hex');
/** SQLite: the phrase of a word's trigram tokens in a module, as the migration writes them. */
const titlePhrase = (module: string, word: string) =>
  `"${[...word]
    .slice(2)
    .map((_, i) => `${hex(module)}x${hex([...word].slice(i, i + 3).join(''))}`)
    .join(' ')}"`;

describe.each(DIALECTS)('migration 120 on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const at = (i: number) => new Date(Date.UTC(2025, 5, 1) + i * 60_000).toISOString();
    await t.ctx.db
      .insertInto('business_record')
      .values(
        Array.from({ length: ROWS }, (_, i) => ({
          id: `M120${String(i).padStart(4, '0')}`,
          module: i % 2 ? 'oa_stamp' : 'oa_leave',
          variant: null,
          serial_no: null,
          title: i % 3 ? `资料交接${i}` : `年度盘点${i}`,
          status: 'running',
          applicant: 'staff',
          applicant_name: 'staff',
          dept: 'D01',
          dept_name: 'D01',
          amount: null,
          data: '{}',
          instance_id: null,
          created_at: at(i),
          updated_at: at(i),
          submitted_at: at(i),
          finished_at: null,
        })),
      )
      .execute();
  });
  afterAll(async () => t?.close());

  /** How many of a module's records the index answers for a word. */
  async function found(module: string, word: string): Promise<number> {
    const db = t.ctx.db;
    if (dialect === 'sqlite')
      return Number(
        (
          await sql<{ n: number }>`select count(*) as n from business_record_title_gram
            where business_record_title_gram match ${titlePhrase(module, word)}`.execute(db)
        ).rows[0].n,
      );
    return Number(
      (
        await sql<{ n: number }>`select count(*) as n from business_record
          where oa_title_keys(module, title) @> oa_title_keys(${module}, ${word})`.execute(db)
      ).rows[0].n,
    );
  }
  const expected = (module: string, word: string) =>
    Array.from({ length: ROWS }, (_, i) => i).filter(
      (i) => (i % 2 ? 'oa_stamp' : 'oa_leave') === module && (i % 3 ? `资料交接${i}` : `年度盘点${i}`).includes(word),
    ).length;

  it('an interrupted upgrade resumes after the last key copied; a second run changes nothing', async () => {
    const db = t.ctx.db;
    if (dialect === 'sqlite') {
      // what an upgrade stopped after its first batches leaves: the index holds the lower keys only
      const seq = Number(
        (await sql<{ seq: number }>`select seq from business_record_title_key where id = 'M1200100'`.execute(db)).rows[0].seq,
      );
      await sql`delete from business_record_title_gram where rowid > ${seq}`.execute(db);
      expect(await found('oa_stamp', '资料交接')).toBeLessThan(expected('oa_stamp', '资料交接'));
      await fillTitleGrams(db, 37);
    } else {
      await sql`drop index idx_record_title_keys`.execute(db);
      await m120TitleByModule.up(db, dialect);
    }
    for (const [module, word] of [
      ['oa_stamp', '资料交接'],
      ['oa_leave', '资料交接'],
      ['oa_stamp', '年度盘点'],
      ['oa_stamp', '交接29'],
    ] as const)
      expect(await found(module, word), `${module} ${word}`).toBe(expected(module, word));
    await m120TitleByModule.up(db, dialect);
    expect(await found('oa_stamp', '资料交接')).toBe(expected('oa_stamp', '资料交接'));
    if (dialect === 'postgres') {
      const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'business_record'
        and indexname in ('idx_record_title_keys', 'idx_record_title_trgm')`.execute(db);
      expect(rows.map((r) => r.indexname)).toEqual(['idx_record_title_keys']);
    }
  });
});
