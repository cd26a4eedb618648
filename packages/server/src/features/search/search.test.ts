import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { highlight } from './search.service';
import { multipartBody } from '../../../test/upload-kit';
import { indexEntry, READER, runBackfill } from '../../core/search/search-index';
import { SEARCH_BLOCK_SHIFT, SEARCH_TUNING, insertEntries, keyGrams, trigramKey } from '../../core/search/search-index.repository';

const DIALECTS = await testDialects();
const Q = '/oa/api/auth/oa/search';

describe('highlight', () => {
  it('splits into hit and plain segments', () => {
    expect(highlight('协会动态与协会通知', '协会')).toEqual([
      { text: '协会', hit: true },
      { text: '动态与', hit: false },
      { text: '协会', hit: true },
      { text: '通知', hit: false },
    ]);
  });
});

describe.each(DIALECTS)('search on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const refs = async (user: string, q: string, kind?: string) => {
    const res = await t.call('GET', Q, { token: tok[user], query: { q, pageSize: '100', ...(kind ? { kind } : {}) } });
    expect(res.body.code).toBe(0);
    return res.body.data.list.map((h: { refId: string }) => h.refId) as string[];
  };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const u of ['admin', 'staff', 'lina', 'wangfang', 'leader']) tok[u] = await t.login(u);
  });
  afterAll(async () => t?.close());

  it('two departments: scoped articles and topics are found only by their readers (3+ and 2 characters)', async () => {
    // col_internal (D01, D02) article Nseed07 "领导班子第十二次会议纪要"; topic Tseed05 for D02 only
    expect(await refs('lina', '领导班子第十二次')).toContain('Nseed07');
    expect(await refs('wangfang', '领导班子第十二次')).not.toContain('Nseed07');
    expect(await refs('wangfang', '纪要')).not.toContain('Nseed07');
    expect(await refs('lina', '纪要')).toContain('Nseed07');
    expect(await refs('lina', '要纪')).not.toContain('Nseed07');
    expect(await refs('lina', '发展报告编写')).toContain('Tseed05');
    expect(await refs('staff', '发展报告编写')).not.toContain('Tseed05');
    expect(await refs('staff', '报告')).not.toContain('Tseed05');
    expect(await refs('admin', '发展报告编写')).toContain('Tseed05');
    // a scheduled article is not found before its time
    expect(await refs('staff', '年度会员大会')).not.toContain('Nseed08');
    // public items for everyone; people for everyone
    expect(await refs('wangfang', '元旦放假')).toContain('Nseed03');
    expect(await refs('wangfang', '刘小雨', 'person')).toContain('staff');
  });

  it('approval records: the applicant and approvers find them, other staff do not; drafts only the applicant', async () => {
    const { body, headers } = multipartBody({ name: 'doc.txt', content: Buffer.from('用印文件') }, { scope: 'private' });
    const up = await t.call('POST', '/oa/api/auth/base/system/file/upload', { token: tok.staff, body, headers });
    const file = { fileId: up.body.data.fileId, fileName: 'doc.txt' };
    const save = await t.call('POST', '/oa/api/auth/oa/records/oa_stamp/submit', {
      token: tok.staff,
      body: { data: { reason: '独角兽合同用印测试', sealType: '公章', copies: 2, files: [file] } },
    });
    if (save.body.code !== 0) {
      // the records route shape differs: find it through the module list instead
      throw new Error(`submit failed: ${JSON.stringify(save.body).slice(0, 200)}`);
    }
    const id = save.body.data.id as string;
    expect(await refs('staff', '独角兽合同')).toContain(id);
    expect(await refs('wangfang', '独角兽合同')).not.toContain(id);
    expect(await refs('leader', '独角兽合同')).toContain(id);
    expect(await refs('admin', '独角兽合同')).toContain(id);
    const hit = (await t.call('GET', Q, { token: tok.staff, query: { q: '独角兽' } })).body.data.list[0];
    expect(hit.link).toContain(`/stampPreview?id=${id}`);
  });

  it("an administrator reads what a department, permission or leader opens (admin is stored with them), not another's own", async () => {
    const at = '2026-01-02T00:00:00.000Z';
    const only = (refId: string, readers: string[]) =>
      t.ctx.db
        .transaction()
        .execute((trx) =>
          indexEntry(trx, { kind: 'topic', refId, title: `貔貅会商纪要${refId}`, body: '', link: '/x', updatedAt: at, readers }),
        );
    await only('Zdept', [READER.dept('D09')]);
    await only('Zperm', [READER.perm('oa_stamp:manage')]);
    await only('Zlead', [READER.leader('D09')]);
    await only('Zown', [READER.user('staff')]);
    expect((await refs('admin', '貔貅会商')).sort()).toEqual(['Zdept', 'Zlead', 'Zperm']);
    expect(await refs('staff', '貔貅会商')).toEqual(['Zown']);
    expect(await refs('wangfang', '貔貅会商')).toEqual([]);
  });

  it('a common word: every page newest first and only what the reader may open (newest id blocks first)', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    await t.ctx.db.transaction().execute(async (trx) => {
      // all three bigrams of 麒麟通告, but not the word: never a match
      for (let i = 0; i < 3; i++)
        await indexEntry(trx, {
          kind: 'article',
          refId: `Zdecoy${i}`,
          title: '麒麟 麟通 通告',
          body: '',
          link: '/x',
          updatedAt: at,
          readers: [READER.all],
        });
      for (let i = 0; i < 40; i++)
        await indexEntry(trx, {
          kind: 'article',
          refId: `Zcommon${i}`,
          title: `麒麟通告第${i}号`,
          body: '正文',
          link: '/x',
          updatedAt: at,
          readers: i % 3 === 0 ? [READER.user('wangfang')] : [READER.all],
        });
    });
    const expected = Array.from({ length: 40 }, (_, i) => 39 - i)
      .filter((i) => i % 3 !== 0)
      .map((i) => `Zcommon${i}`);
    const before = { ...SEARCH_TUNING };
    SEARCH_TUNING.regionProbe = 5; // PostgreSQL: the region holds more than a probe reads: pages come block by block
    // found by the trigram probe (all 40 matches are fewer than it reads), then (a probe of 1) by the bigram keys
    try {
      for (const wordProbe of [before.wordProbe, 1]) {
        SEARCH_TUNING.wordProbe = wordProbe;
        const seen: string[] = [];
        for (let page = 1; page <= 14; page++) {
          const res = await t.call('GET', Q, { token: tok.staff, query: { q: '麒麟通告', pageSize: '2', pageNumber: String(page) } });
          expect(res.body.code).toBe(0);
          if (page === 1) expect([res.body.data.total, res.body.data.more]).toEqual([22, true]);
          seen.push(...res.body.data.list.map((h: { refId: string }) => h.refId));
        }
        expect(seen).toEqual(expected);
        const few = await t.call('GET', Q, { token: tok.staff, query: { q: '麒麟通告', pageSize: '50' } });
        expect(few.body.data.list.map((h: { refId: string }) => h.refId)).toEqual(expected);
        expect([few.body.data.total, few.body.data.more]).toEqual([26, false]);
        expect(await refs('wangfang', '麒麟通告第9号')).toEqual(['Zcommon9']);
        expect(await refs('staff', '麒麟通告第9号')).toEqual([]);
      }
    } finally {
      Object.assign(SEARCH_TUNING, before);
    }
  });

  it('matches spread over id blocks far apart: pages newest first through the block walk, old ones found, readers only', async () => {
    const block = 2 ** SEARCH_BLOCK_SHIFT;
    const at = '2026-01-02T00:00:00.000Z';
    const entry = (id: number, ref: string, readers: string[], title = `凤凰公告${ref}`) => ({
      id,
      kind: 'article',
      ref_id: ref,
      module: null,
      title,
      body: '',
      link: '/x',
      updated_at: at,
      visible_from: null,
      readers,
    });
    const rows = [
      // the oldest block: 20 readable; block 48 (a region's first): 10, every other one wangfang's only; block 90: 3; 91: a decoy
      ...Array.from({ length: 20 }, (_, k) => entry(3 * block + k, `Yold${k}`, [READER.all])),
      ...Array.from({ length: 10 }, (_, k) => entry(48 * block + k, `Ymid${k}`, k % 2 ? [READER.user('wangfang')] : [READER.all])),
      ...Array.from({ length: 3 }, (_, k) => entry(90 * block + k, `Ynew${k}`, [READER.all])),
      entry(91 * block, 'Ydecoy', [READER.all], '凤凰 凰公 公告'),
    ];
    await t.ctx.db.transaction().execute((trx) => insertEntries(trx, rows));
    const byId = (xs: typeof rows) => [...xs].sort((a, b) => b.id - a.id).map((r) => r.ref_id);
    const staffSees = byId(rows.filter((r) => r.ref_id !== 'Ydecoy' && r.readers[0] === READER.all));
    const pages = async (user: string, size: number) => {
      const seen: string[] = [];
      let first: { total: number; more: boolean } | null = null;
      for (let page = 1; page <= Math.ceil(40 / size); page++) {
        const res = await t.call('GET', Q, {
          token: tok[user],
          query: { q: '凤凰公告', pageSize: String(size), pageNumber: String(page) },
        });
        expect(res.body.code).toBe(0);
        first ??= res.body.data;
        seen.push(...res.body.data.list.map((h: { refId: string }) => h.refId));
      }
      return { seen, first: first! };
    };
    const before = { ...SEARCH_TUNING };
    try {
      // the trigram probe; PostgreSQL: regions read whole (few matches), then block by block (a probe of 2 finds more)
      for (const [wordProbe, regionProbe] of [
        [before.wordProbe, before.regionProbe],
        [1, before.regionProbe],
        [1, 2],
      ]) {
        Object.assign(SEARCH_TUNING, { wordProbe, regionProbe });
        // page 1 of 2: 28 matches, more than the count's cap (23): the newest up to the cap
        const small = await pages('staff', 2);
        expect([small.first.total, small.first.more]).toEqual([22, true]);
        expect(small.seen).toEqual(staffSees);
        // page 1 of 5: the cap (56) holds them all
        const large = await pages('staff', 5);
        expect([large.first.total, large.first.more]).toEqual([28, false]);
        expect(large.seen).toEqual(staffSees);
        // the oldest block alone, and wangfang's own
        expect(await refs('staff', '凤凰公告Yold0')).toEqual(['Yold0']);
        expect(await refs('staff', '凤凰公告Ymid1')).toEqual([]);
        expect((await pages('wangfang', 2)).seen).toEqual(byId(rows.filter((r) => r.ref_id !== 'Ydecoy')));
      }
    } finally {
      Object.assign(SEARCH_TUNING, before);
    }
  }, 120_000); // three tunings × 28 searches: seconds on PostgreSQL, many more on a loaded machine

  it('a word of bigrams most entries hold: looked up by its rarer bigrams, the same matches', async () => {
    const entry = (k: number) => ({
      kind: 'article',
      ref_id: `Zgram${k}`,
      module: null,
      title: `甲乙丙丁${k}号`,
      body: '',
      link: '/x',
      updated_at: '2026-01-03T00:00:00.000Z',
      visible_from: null,
      readers: [READER.all],
    });
    await t.ctx.db.transaction().execute((trx) =>
      insertEntries(
        trx,
        Array.from({ length: 2000 }, (_, k) => entry(k)),
      ),
    );
    if (dialect === 'postgres') {
      await sql`analyze search_entry`.execute(t.ctx.db);
      const ttl = SEARCH_TUNING.gramStatsMs;
      SEARCH_TUNING.gramStatsMs = 0;
      try {
        const { grams } = await keyGrams(t.ctx.db, '甲乙丙丁17号');
        expect(grams.sort()).toEqual(['17', '7号']); // 甲乙 乙丙 丙丁 丁1 are in more than a fifth of the entries
        // the trigram indexes are asked for the rare part, 3 characters at least
        expect(await trigramKey(t.ctx.db, '甲乙丙丁17号')).toBe('17号');
        expect(await trigramKey(t.ctx.db, '甲乙丙丁1')).toBe('甲乙丙丁1');
        expect(await trigramKey(t.ctx.db, '乙丙丁1999号')).toBe('1999号');
      } finally {
        SEARCH_TUNING.gramStatsMs = ttl;
      }
    }
    expect(await refs('staff', '甲乙丙丁17号')).toEqual(['Zgram17']);
    const ending = Array.from({ length: 20 }, (_, k) => `Zgram${k * 100 + 17}`);
    expect((await refs('staff', '丁17号')).sort()).toEqual(['Zgram17']);
    expect((await refs('staff', '17号')).filter((r) => r.startsWith('Zgram')).sort()).toEqual(ending.sort());
    expect((await refs('staff', '乙丙丁1999号')).sort()).toEqual(['Zgram1999']);
  });

  it('start-up back-fills run once per database; a long one goes on in the background', async () => {
    const marks = async () =>
      (await t.ctx.db.selectFrom('search_backfill').select('source').orderBy('source').execute()).map((m) => m.source);
    expect(await marks()).toEqual(['documents', 'news', 'search', 'spaces', 'step-stats']);
    let steps = 0;
    async function* counted() {
      for (let i = 0; i < 3; i++) {
        steps++;
        yield;
      }
    }
    await (
      await runBackfill(t.ctx.db, 'search', counted())
    ).rest;
    expect(steps).toBe(0);
    const run = await runBackfill(t.ctx.db, 'probe', counted(), 0);
    expect(await marks()).not.toContain('probe');
    await run.rest;
    expect(steps).toBe(3);
    expect(await marks()).toContain('probe');
  });

  it('bad input: empty or too long query is a 400', async () => {
    expect((await t.call('GET', Q, { token: tok.staff, query: { q: '' } })).status).toBe(400);
    expect((await t.call('GET', Q, { token: tok.staff, query: { q: 'x'.repeat(51) } })).status).toBe(400);
    expect((await t.call('GET', Q, { token: tok.staff, query: { q: '"*(%_\\' } })).body.code).toBe(0);
  });
});
