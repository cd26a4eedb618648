import { sql, type RawBuilder } from 'kysely';

/**
 * The LIKE pattern of "contains `text`", with its ESCAPE clause: `%`, `_` and `\` in the text are matched as
 * written on both dialects (SQLite has no default escape character). Use as the right side of `like` / `ilike`:
 * `eb('t.title', 'like', containsPattern(k))`.
 */
export function containsPattern(text: string): RawBuilder<string> {
  return sql<string>`${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
}
