import type { AppContext } from '../../core/context';
import * as repo from './address-book.repository';

/**
 * The address book of one directory version in memory (issue 18): the departments in order and every active
 * member of a platform in address-book order, each with what a keyword is matched against. Every list, page,
 * count and keyword search of the address book filters it — 10,000 people in well under a millisecond — rather
 * than reading sys_user: a keyword of one or two characters (`zs`, 张) has no index to use on either dialect, so
 * in SQL every search read the whole user table. Built once per value of `sys_directory_version`: migrations 082
 * and 087 bump it in the transaction of every write the address book shows or matches, whoever writes, so a
 * request that reads a newer version rebuilds and no answer is older than the last commit, on every instance.
 */
export interface DirectoryMember {
  row: repo.MemberRow;
  /** lower-cased name and room (matched in any case), pinyin and initials (matched as a prefix), tel, mobile */
  name: string;
  room: string;
  pinyin: string;
  initials: string;
  tel: string;
  mobile: string;
}

export interface Directory {
  version: number;
  depts: repo.DeptRow[];
  /** in address-book order (sort_no, user_code) */
  members: DirectoryMember[];
}

const lower = (s: string | null) => (s ?? '').toLowerCase();

async function build(ctx: AppContext, platformCode: string, version: number): Promise<Directory> {
  const [depts, rows] = await Promise.all([repo.listDepts(ctx.db), repo.directoryMembers(ctx.db, platformCode)]);
  const members = rows.map(({ pinyin, pinyin_initials, ...row }) => ({
    row,
    name: lower(row.user_name),
    room: lower(row.room),
    pinyin: lower(pinyin),
    initials: lower(pinyin_initials),
    tel: row.tel ?? '',
    mobile: row.mobile ?? '',
  }));
  return { version, depts, members };
}

/** Per database (tests run several apps in one process) and platform: the directory of one version, built once. */
const MAX_PLATFORMS = 8;
const directories = new WeakMap<object, Map<string, { version: number; built: Promise<Directory> }>>();

/**
 * The directory of a platform as of the current version: `known`, the version the request read with its session
 * check (`req.auth.versions.directory`), else one read of it; nothing else when it is unchanged.
 */
export async function directoryOf(ctx: AppContext, platformCode: string, known?: number): Promise<Directory> {
  // the version first: rows read after it are at least that new, so a directory is never labelled newer than it is
  const version = known !== undefined && Number.isFinite(known) ? known : await repo.directoryVersion(ctx.db);
  let mine = directories.get(ctx.db);
  if (!mine) directories.set(ctx.db, (mine = new Map()));
  const held = mine.get(platformCode);
  // an equal or newer directory serves (a request that read the version just before a write)
  if (held && held.version >= version) return held.built;
  const built = build(ctx, platformCode, version);
  const entry = { version, built };
  // a platform code is the caller's: a few are kept, never one per code asked for
  if (!held && mine.size >= MAX_PLATFORMS) mine.clear();
  mine.set(platformCode, entry);
  built.catch(() => mine.get(platformCode) === entry && mine.delete(platformCode));
  return built;
}

/** A keyword as it is matched (trimmed, lower-cased) and what it may match beyond name and room; null for none. */
export function keywordOf(keyword: string): { kw: string; letters: boolean; phone: boolean } | null {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return null;
  return { kw, letters: /^[a-z]+$/.test(kw), phone: /^[\d-]{3,}$/.test(kw) };
}

/**
 * Whether a member matches a keyword, or null for no keyword: the name or room contains it (any case, `%` and `_`
 * as written), a keyword of letters starts the full pinyin or the initials, a keyword of 3+ digits and dashes is
 * in the telephone — or in the mobile, for viewers who see mobiles (`matchMobile`). The rule; the keyword index
 * (address-book.keyword-index.ts) finds the same members without testing each.
 */
export function keywordMatcher(keyword: string, matchMobile: boolean): ((m: DirectoryMember) => boolean) | null {
  const k = keywordOf(keyword);
  if (!k) return null;
  const { kw, letters, phone } = k;
  return (m) =>
    m.name.includes(kw) ||
    m.room.includes(kw) ||
    (letters && (m.pinyin.startsWith(kw) || m.initials.startsWith(kw))) ||
    (phone && (m.tel.includes(kw) || (matchMobile && m.mobile.includes(kw))));
}
