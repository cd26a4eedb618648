import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { trigramProbeKey } from '../../core/search/search-index';
import { dialectOf, type Db } from '../../db/database';
import { containsPattern } from '../../db/like';

/** The most instances a keyword's trigram lookup reads (tests lower it to make the lists walk their own index). */
export const INSTANCE_KEYWORD_TUNING = { probe: 256 };

/** The instance (`alias`, or the only table) holds the keyword in its title or serial number (LIKE, wildcards as written). */
export function instanceHolds(alias: 'i' | null, keyword: string): RawBuilder<SqlBool> {
  const col = (c: 'title' | 'serial_no') => sql.ref(alias ? `${alias}.${c}` : c);
  const pattern = containsPattern(keyword);
  return sql<SqlBool>`(${col('title')} like ${pattern} or ${col('serial_no')} like ${pattern})`;
}

/**
 * The instances whose title or serial number contains a keyword (`instanceHolds`), when they are few (migration
 * 086): a keyword of 3+ characters is looked up in the trigram index of both columns, up to `probe` instances,
 * and the keyword is checked on those rows in the same query. Null when the keyword is shorter, common, or in
 * `probe` instances or more: the list then walks its own index and checks each row (a common keyword's page
 * soon fills).
 */
export async function instancesHolding(db: Db, keyword: string): Promise<string[] | null> {
  const words = keyword.trim();
  if ([...words].length < 3) return null;
  const probe = INSTANCE_KEYWORD_TUNING.probe;
  // the lookup folds case and PostgreSQL's asks the keyword's rare part: `ok` is the keyword itself on the row
  let rows: Array<{ id: string; ok: unknown }>;
  if (dialectOf(db) === 'sqlite') {
    const phrase = `"${words.replace(/"/g, '""')}"`;
    // in FTS5's own (ascending rowid) order: descending, it reads a common trigram's posting list whole
    ({ rows } = await sql<{ id: string; ok: number }>`
      select i.id, ${instanceHolds('i', keyword)} as ok
      from wf_instance_text_fts join wf_instance i on i.id = wf_instance_text_fts.id
      where wf_instance_text_fts match ${phrase} limit ${probe}`.execute(db));
  } else {
    // the keyword's rare part (a part in most titles would make GIN read most of the index)
    const key = await trigramProbeKey(db, words);
    if (key === null) return null;
    rows = await db
      .selectFrom('wf_instance')
      .select(['id', instanceHolds(null, keyword).as('ok')])
      .where((eb) => eb.or([eb('title', 'ilike', containsPattern(key)), eb('serial_no', 'ilike', containsPattern(key))]))
      .limit(probe)
      .execute();
  }
  return rows.length < probe ? rows.filter((r) => r.ok).map((r) => r.id) : null;
}
