import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { indexEntry, READER, removeEntry } from '../../core/search/search-index';
import { readRequestVersions } from '../../core/identity/identity.repository';
import { search } from './search.service';

const DIALECTS = await testDialects();
const Q = '/oa/api/auth/oa/search';

/**
 * Issue 35: a search's page is kept in memory under the search counter (migration 133) and the to-do counter
 * (db/answer-memo.ts), keyed by the reader's scope: the next search after any write to the index shows it, one
 * reader's kept page is never another's, and a scheduled entry appears at its time though nothing was written.
 */
describe.each(DIALECTS)('search pages kept under the search counter on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const refs = async (user: string, q: string) => {
    const res = await t.call('GET', Q, { token: tok[user], query: { q, pageSize: '50' } });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data.list.map((h: { refId: string }) => h.refId) as string[];
  };
  const entry = (refId: string, readers: string[], visibleFrom: string | null = null) =>
    indexEntry(t.ctx.db, {
      kind: 'article',
      refId,
      title: `缓存检索词 ${refId}`,
      body: '正文',
      link: `/news/${refId}`,
      updatedAt: new Date().toISOString(),
      visibleFrom,
      readers,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const u of ['staff', 'lina', 'wangfang']) tok[u] = await t.login(u);
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.useRealTimers());

  it('shows an entry written or removed since the last search', async () => {
    await entry('M1', [READER.all]);
    expect(await refs('staff', '缓存检索词')).toEqual(['M1']);
    expect(await refs('staff', '缓存检索词')).toEqual(['M1']);
    await entry('M2', [READER.all]);
    expect((await refs('staff', '缓存检索词')).sort()).toEqual(['M1', 'M2']);
    await t.ctx.db.transaction().execute((trx) => removeEntry(trx, 'article', 'M2'));
    expect(await refs('staff', '缓存检索词')).toEqual(['M1']);
  });

  it('never answers one reader with another reader’s kept page', async () => {
    await entry('M3', [READER.user('lina')]);
    expect(await refs('lina', '缓存检索词')).toContain('M3');
    expect(await refs('wangfang', '缓存检索词')).not.toContain('M3');
    expect(await refs('lina', '缓存检索词')).toContain('M3');
  });

  it('finds a scheduled entry once its time has come, with nothing written meanwhile', async () => {
    const at = new Date(Date.now() + 3_600_000);
    await entry('M4', [READER.all], at.toISOString());
    const searcher = { userCode: 'staff', deptCode: 'D01', roleCodes: [], isAdmin: false };
    const find = async () => {
      const versions = await readRequestVersions(t.ctx.db);
      const page = await search(t.ctx, searcher, { q: '缓存检索词', pageNumber: 1, pageSize: 50 }, versions);
      return page.list.map((h) => h.refId);
    };
    expect(await find()).not.toContain('M4');
    expect(await find()).not.toContain('M4');
    vi.useFakeTimers({ toFake: ['Date'], now: at.getTime() + 1000 });
    expect(await find()).toContain('M4');
  });
});
