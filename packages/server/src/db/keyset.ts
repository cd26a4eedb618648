/**
 * Keyset paging of lists sorted newest first by (sort key, id) (issue 18): the cursor of a page is its last
 * row, "<sort key>~<id>"; the next page is read with `(key, id) < (cursor)` from the list's index.
 */
export interface Keyset {
  key: string;
  id: string;
}

const keysetCursor = (key: string | null, id: string): string => `${key ?? ''}~${id}`;

export function parseKeyset(raw: string | undefined | null): Keyset | null {
  if (!raw) return null;
  const [key, id] = raw.split('~');
  return key && id ? { key, id } : null;
}

/** The cursor of the next page: the last row's, when the page is full. */
export function nextCursorOf<R>(rows: R[], limit: number, keyOf: (r: R) => { key: string | null; id: string }): string | null {
  const last = rows.length === limit && limit > 0 ? rows[rows.length - 1] : undefined;
  if (!last) return null;
  const k = keyOf(last);
  return k.key ? keysetCursor(k.key, k.id) : null;
}
