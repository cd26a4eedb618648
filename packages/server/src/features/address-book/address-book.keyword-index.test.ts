import { describe, expect, it } from 'vitest';
import { keywordMatcher, type Directory, type DirectoryMember } from './address-book.directory';
import { byDept, membersMatching } from './address-book.keyword-index';

const SURNAMES = ['张', '王', '李', '赵', '孙'];
const GIVEN = ['三', '伟', '芳', '丽', '强', 'Zs', '建国'];
const PINYIN: Record<string, string> = { 张: 'zhang', 王: 'wang', 李: 'li', 赵: 'zhao', 孙: 'sun' };

/** A directory like the address book's: names, rooms (some with letters, `%` and `_`), pinyin, numbers, a few empty values. */
function directory(n: number, version = 1): Directory {
  const members: DirectoryMember[] = Array.from({ length: n }, (_, i) => {
    const surname = SURNAMES[i % 5]!;
    const given = GIVEN[(i * 7) % GIVEN.length]!;
    const mobile = i % 11 === 0 ? '' : `139${String(i * 7919).padStart(8, '0')}`;
    return {
      row: { user_code: `u${i}`, dept_code: i % 4 ? `D0${i % 4}` : null } as DirectoryMember['row'],
      name: `${surname}${given}${i % 13}`.toLowerCase(),
      room: i % 9 === 0 ? '' : `${'AB'[i % 2]}座${i % 50}${i % 17 === 0 ? '%_室' : ''}`.toLowerCase(),
      pinyin: `${PINYIN[surname]}${given === '三' ? 'san' : 'wei'}`,
      initials: `${PINYIN[surname]![0]}${given === '三' ? 's' : 'w'}`,
      tel: i % 6 === 0 ? '' : `010-6851${String(i).padStart(4, '0')}`,
      mobile,
    };
  });
  return { version, depts: [], members };
}

const KEYWORDS = [
  'zs',
  'ZS',
  ' zs ',
  'z',
  'zhang',
  'zhangs',
  'hang',
  'wei',
  '张',
  '张三',
  '三1',
  'zs1',
  'a座',
  'b座4',
  '座49',
  '%',
  '_',
  '%_',
  '010',
  '6851',
  '-00',
  '139',
  '7919',
  '0001',
  '12',
  'x',
  '不存在',
  's',
  'w',
  'ws',
  'a',
  'li',
  'lisan',
];

describe('the address book keyword index', () => {
  const dir = directory(3000);
  it('finds exactly the members the rule matches, in address-book order, for viewers with and without mobiles', () => {
    for (const kw of KEYWORDS) {
      for (const matchMobile of [false, true]) {
        const rule = dir.members.filter(keywordMatcher(kw, matchMobile)!);
        expect(membersMatching(dir, kw, matchMobile), `${kw} ${matchMobile}`).toEqual(rule);
      }
    }
    // some keywords match nobody, some many: the comparison covers both
    expect(membersMatching(dir, '不存在', false)).toEqual([]);
    expect(membersMatching(dir, 'z', false)!.length).toBeGreaterThan(500);
    expect(membersMatching(dir, '139', true)!.length).toBeGreaterThan(membersMatching(dir, '139', false)!.length);
  });

  it('no keyword: null (every member); a keyword is kept per directory, a new directory finds afresh', () => {
    expect(membersMatching(dir, '  ', false)).toBeNull();
    const first = membersMatching(dir, 'zs', false);
    expect(membersMatching(dir, ' ZS', false)).toBe(first);
    expect(membersMatching(dir, 'zs', true)).not.toBe(first);
    const next = directory(10, 2);
    expect(membersMatching(next, 'zs', false)).toEqual(next.members.filter(keywordMatcher('zs', false)!));
  });

  it('a keyword holding the separator is matched member by member, and an empty directory answers nothing', () => {
    const odd = directory(20);
    odd.members[3]!.name = 'a\u0001b';
    expect(membersMatching(odd, 'a\u0001b', false)).toEqual([odd.members[3]]);
    expect(membersMatching(directory(0), 'zs', true)).toEqual([]);
  });

  it('splits a kept list by department once, in address-book order: by raw code, and with none as ""', () => {
    const d = directory(400);
    d.members[5]!.row.dept_code = '';
    const split = byDept(d.members);
    expect(byDept(d.members)).toBe(split);
    for (const code of ['D01', 'D02', 'D03', null, '']) {
      expect(split.byCode.get(code) ?? [], String(code)).toEqual(d.members.filter((m) => m.row.dept_code === code));
    }
    expect(split.byKey.get('')).toEqual(d.members.filter((m) => !m.row.dept_code));
    const zs = membersMatching(d, 'zs', false)!;
    expect(byDept(zs).byCode.get('D02')).toEqual(zs.filter((m) => m.row.dept_code === 'D02'));
  });
});
