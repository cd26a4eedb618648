import { describe, expect, it } from 'vitest';
import { totalOfPage } from './count-capped';

describe('totalOfPage', () => {
  const count = async () => ({ total: 777, totalCapped: false });
  it('a page by number that is not full ends the list: no count', async () => {
    expect(await totalOfPage({ offset: 0, limit: 10, got: 3, keyset: false }, count)).toEqual({ total: 3, totalCapped: false });
    expect(await totalOfPage({ offset: 40, limit: 10, got: 9, keyset: false }, count)).toEqual({ total: 49, totalCapped: false });
  });
  it('counts a full page, an empty one, a page after a cursor and one past the cap', async () => {
    for (const page of [
      { offset: 0, limit: 10, got: 10, keyset: false },
      { offset: 50, limit: 10, got: 0, keyset: false },
      { offset: 0, limit: 10, got: 3, keyset: true },
      { offset: 9_995, limit: 10, got: 7, keyset: false },
    ])
      expect((await totalOfPage(page, count)).total).toBe(777);
  });
});
