import { describe, expect, it } from 'vitest';
import { unreadCounts } from '@oa/shared/contract/workflow';
import { countsOf } from './live-counts';

describe("countsOf (the stream's counts, read without zod)", () => {
  it("accepts and rejects what the contract's schema does", () => {
    const samples: unknown[] = [
      { notifications: 1, todo: 2, cc: 3, toRead: 4 },
      { notifications: 0, todo: 0, cc: 0 },
      { notifications: 1, todo: 2, cc: 3, toRead: 4, extra: 'x' },
      { notifications: 1.5, todo: 2, cc: 3 },
      { notifications: '1', todo: 2, cc: 3 },
      { todo: 2, cc: 3 },
      { notifications: 1, todo: 2, cc: 3, toRead: null },
      { notifications: 1, todo: 2, cc: 3, toRead: 'x' },
      null,
      'counts',
      [],
    ];
    for (const s of samples) {
      const parsed = unreadCounts.safeParse(s);
      expect(countsOf(s), JSON.stringify(s)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
