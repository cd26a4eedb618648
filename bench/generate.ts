import type { SeedUser } from '../packages/server/src/db/seed/people.data';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜秀敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红建国文辉鹏飞俊峰志宏海波宁晨欣怡子轩浩然雨婷佳琪思远博文梓涵嘉怡';
const DEPTS = ['D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08'];

/** Deterministic pseudo-random generator, so every bench run has the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `count` generated staff with Chinese names spread over the seeded departments. */
export function generateUsers(count: number): SeedUser[] {
  const r = rng(20261122);
  const pick = (s: string) => s[Math.floor(r() * s.length)];
  return Array.from({ length: count }, (_, i) => {
    const name = pick(SURNAMES) + pick(GIVEN) + (r() < 0.6 ? pick(GIVEN) : '');
    const n = String(i).padStart(5, '0');
    return {
      userCode: `u${n}`,
      userName: name,
      sex: r() < 0.5 ? '男' : '女',
      mobile: `139${String(10_000_000 + i).padStart(8, '0')}`,
      tel: `010-6852${String(i % 10000).padStart(4, '0')}`,
      email: `u${n}@assoc.org.cn`,
      room: `B座${100 + (i % 400)}`,
      position: '职员',
      deptCode: DEPTS[i % DEPTS.length],
      personalSign: '',
      roles: [],
      platforms: ['1'],
      birthday: '1990-01-01',
      entryDate: '2020-01-01',
    };
  });
}
