import { sql } from 'kysely';
import { trigramProbeKey } from '../../core/search-index';
import { dialectOf, type Db } from '../../db/database';
import { containsPattern } from '../../db/like';

/** The most instances a keyword's trigram lookup reads (tests lower it to make the lists walk their own index). */
export const INSTANCE_KEYWORD_TUNING = { probe: 256 };

/**
 * The instances whose title or serial number contains a keyword (LIKE, its wildcards taken as written), when
 * they are few (migration 086): a keyword of 3+ characters is looked up in the trigram index of both columns, up
 * to `probe` instances, and the keyword is checked on those rows. Null when the keyword is shorter, common, or in
 * `probe` instances or more: the list then walks its own index and checks each row (a common keyword's page
 * soon fills).
 */
export async function instancesHolding(db: Db, keyword: string): Promise<string[] | null> {
  const words = keyword.trim();
  if ([...words].length < 3) return null;
  const probe = INSTANCE_KEYWORD_TUNING.probe;
  let ids: string[];
  if (dialectOf(db) === 'sqlite') {
    const phrase = `"${words.replace(/"/g, '""')}"`;
    // in FTS5's own (ascending rowid) order: descending, it reads a common trigram's posting list whole
    const { rows } = await sql<{ id: string }>`
      select id from wf_instance_text_fts where wf_instance_text_fts match ${phrase} limit ${probe}`.execute(db);
    ids = rows.map((r) => r.id);
  } else {
    // the keyword's rare part (a part in most titles would make GIN read most of the index)
    const key = await trigramProbeKey(db, words);
    if (key === null) return null;
    const rows = await db
      .selectFrom('wf_instance')
      .select('id')
      .where((eb) => eb.or([eb('title', 'ilike', containsPattern(key)), eb('serial_no', 'ilike', containsPattern(key))]))
      .limit(probe)
      .execute();
    ids = rows.map((r) => r.id);
  }
  if (ids.length >= probe) return null;
  if (ids.length === 0) return [];
  // the lookup folds case and PostgreSQL's asks the keyword's rare part: the keyword itself decides
  const exact = await db
    .selectFrom('wf_instance')
    .select('id')
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('title', 'like', containsPattern(keyword)), eb('serial_no', 'like', containsPattern(keyword))]))
    .execute();
  return exact.map((r) => r.id);
}
