import { keywordMatcher, keywordOf, type Directory, type DirectoryMember } from './address-book.directory';

/**
 * The members a keyword matches (`keywordMatcher`'s rule), found without testing 10,000 members one by one and kept
 * per keyword for the directory's life (one directory version). Each field a keyword is matched against is one
 * string per directory, every member's value led by a separator: "contains" is `indexOf` over it, "starts with" is
 * `indexOf` of the separator and the keyword; a position names its member by binary search over where each starts.
 * A keyword holding the separator (the query-text plugin refuses control characters, so only a caller inside the
 * server) is matched member by member.
 */
const SEP = '\u0001';
/** Keywords kept per directory, and member references over all of them: past either the oldest keywords go. */
const MEMO_KEYWORDS = 500;
const MEMO_MEMBERS = 200_000;

type Field = 'name' | 'room' | 'pinyin' | 'initials' | 'tel' | 'mobile';
const FIELDS: Field[] = ['name', 'room', 'pinyin', 'initials', 'tel', 'mobile'];

interface Haystack {
  text: string;
  /** where member i's separator sits in `text` */
  starts: Int32Array;
}

interface KeywordIndex {
  hays: Record<Field, Haystack>;
  memo: Map<string, DirectoryMember[]>;
  kept: number;
}

const indexes = new WeakMap<Directory, KeywordIndex>();

function haystack(members: DirectoryMember[], field: Field): Haystack {
  const starts = new Int32Array(members.length);
  let at = 0;
  const parts = members.map((m, i) => {
    starts[i] = at;
    at += 1 + m[field].length;
    return SEP + m[field];
  });
  return { text: parts.join(''), starts };
}

function indexOf(dir: Directory): KeywordIndex {
  let index = indexes.get(dir);
  if (!index) {
    const hays = Object.fromEntries(FIELDS.map((f) => [f, haystack(dir.members, f)])) as Record<Field, Haystack>;
    indexes.set(dir, (index = { hays, memo: new Map(), kept: 0 }));
  }
  return index;
}

/** The member whose value holds position `at` of the haystack: the last one starting at or before it. */
function memberAt(h: Haystack, at: number): number {
  let lo = 0;
  let hi = h.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (h.starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Marks every member whose value contains `needle` (with `prefix`, whose value starts with it). */
function mark(h: Haystack, needle: string, prefix: boolean, hit: Uint8Array): void {
  const find = prefix ? SEP + needle : needle;
  for (let at = h.text.indexOf(find); at >= 0;) {
    const i = memberAt(h, at);
    hit[i] = 1;
    // the next member: one match per member is enough
    const next = i + 1 < h.starts.length ? h.starts[i + 1]! : h.text.length;
    at = h.text.indexOf(find, next);
  }
}

function find(dir: Directory, index: KeywordIndex, keyword: string, matchMobile: boolean): DirectoryMember[] {
  const { kw, letters, phone } = keywordOf(keyword)!;
  if (kw.includes(SEP)) return dir.members.filter(keywordMatcher(keyword, matchMobile)!);
  const hit = new Uint8Array(dir.members.length);
  mark(index.hays.name, kw, false, hit);
  mark(index.hays.room, kw, false, hit);
  if (letters) {
    mark(index.hays.pinyin, kw, true, hit);
    mark(index.hays.initials, kw, true, hit);
  }
  if (phone) {
    mark(index.hays.tel, kw, false, hit);
    if (matchMobile) mark(index.hays.mobile, kw, false, hit);
  }
  const out: DirectoryMember[] = [];
  for (let i = 0; i < hit.length; i++) if (hit[i]) out.push(dir.members[i]!);
  return out;
}

/**
 * The directory's members a keyword matches, in address-book order (shared: never mutate it), or null for no
 * keyword. `matchMobile`: the viewer sees mobiles, so a number is looked for in them too.
 */
export function membersMatching(dir: Directory, keyword: string, matchMobile: boolean): readonly DirectoryMember[] | null {
  const k = keywordOf(keyword);
  if (!k) return null;
  const index = indexOf(dir);
  const key = `${matchMobile ? 'm' : '-'}${k.kw}`;
  const kept = index.memo.get(key);
  if (kept) return kept;
  const found = find(dir, index, keyword, matchMobile);
  index.memo.set(key, found);
  index.kept += found.length;
  for (const [oldest, list] of index.memo) {
    if (index.memo.size <= MEMO_KEYWORDS && index.kept <= MEMO_MEMBERS) break;
    index.memo.delete(oldest);
    index.kept -= list.length;
  }
  return found;
}

/** A member list split by department: by the raw code (null: none), and by code with '' for none ('' and null). */
export interface ByDept {
  byCode: Map<string | null, DirectoryMember[]>;
  byKey: Map<string, DirectoryMember[]>;
}

const splits = new WeakMap<readonly DirectoryMember[], ByDept>();

/**
 * The members of a kept list (the directory's, or a keyword's from `membersMatching`) by department, in
 * address-book order, split once per list: a department's page, the first screen's counts and the grouped list
 * never walk 10,000 members per request. Shared: never mutate it.
 */
export function byDept(members: readonly DirectoryMember[]): ByDept {
  let split = splits.get(members);
  if (!split) {
    split = { byCode: new Map(), byKey: new Map() };
    for (const m of members) {
      for (const [map, key] of [
        [split.byCode, m.row.dept_code],
        [split.byKey, m.row.dept_code ?? ''],
      ] as Array<[Map<string | null, DirectoryMember[]>, string | null]>) {
        const list = map.get(key);
        if (list) list.push(m);
        else map.set(key, [m]);
      }
    }
    splits.set(members, split);
  }
  return split;
}
