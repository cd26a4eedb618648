import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { countToRead, markToRead, pageToRead, type TodoSource } from './todo-sources';

/** An in-memory source: items newest first, as a real source answers from its index. */
function fake(code: string, times: string[], unreadEvery = 2): TodoSource & { asked: number[] } {
  const items = times
    .map((t, i) => ({
      id: `${code}${i}`,
      title: `${code}-${i}`,
      subtitle: null,
      path: `/x?id=${i}`,
      receivedAt: t,
      readAt: i % unreadEvery ? t : null,
    }))
    .sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : -1));
  const asked: number[] = [];
  return {
    code,
    name: code,
    asked,
    async page(_db, _u, f) {
      asked.push(f.limit);
      const rows = items.filter((r) => (f.read === 'N' ? !r.readAt : f.read === 'Y' ? !!r.readAt : true));
      return { total: rows.length, rows: rows.slice(f.offset, f.offset + f.limit) };
    },
    unread: async () => items.filter((r) => !r.readAt).length,
    markRead: async (_db, _u, id) => items.some((r) => r.id === id),
  };
}
const db = {} as Db;
const t = (n: number) => `2026-11-${String(n).padStart(2, '0')}T00:00:00.000Z`;

describe('to-do sources (待阅 of the to-do centre)', () => {
  it('merges several sources newest first, page by page, asking each only for what the page needs', async () => {
    const a = fake('a', [t(1), t(3), t(5), t(7)]);
    const b = fake('b', [t(2), t(4), t(6)]);
    const p1 = await pageToRead(db, [a, b], 'u', { offset: 0, limit: 3 });
    expect(p1.total).toBe(7);
    expect(p1.rows.map((r) => r.receivedAt)).toEqual([t(7), t(6), t(5)]);
    expect(p1.rows[0]).toMatchObject({ source: 'a', sourceName: 'a' });
    const p2 = await pageToRead(db, [a, b], 'u', { offset: 3, limit: 3 });
    expect(p2.rows.map((r) => r.receivedAt)).toEqual([t(4), t(3), t(2)]);
    expect(Math.max(...a.asked, ...b.asked)).toBe(6);
  });

  it('passes one source its page directly, counts unread over all, and marks read through the owner', async () => {
    const a = fake('a', [t(1), t(2), t(3), t(4)]);
    const p = await pageToRead(db, [a], 'u', { offset: 2, limit: 2, read: 'Y' });
    expect(p).toMatchObject({ total: 2, rows: [] });
    expect(await countToRead(db, [a, fake('b', [t(1), t(2)])], 'u')).toBe(3);
    expect(await markToRead(db, [a], 'u', 'a', 'a1')).toBe(true);
    expect(await markToRead(db, [a], 'u', 'zz', 'a1')).toBe(false);
    expect(await pageToRead(db, [], 'u', { offset: 0, limit: 10 })).toEqual({ total: 0, rows: [] });
  });
});
