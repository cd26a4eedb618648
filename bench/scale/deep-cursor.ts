import type { BenchScenario } from '../scenario';

/**
 * The cursor of the page `rows` rows deep, found once by walking the list by cursor the way the web pager
 * goes from page to page (in pages of 500, the largest the API serves); the scenario then asks that page.
 */
export const deepCursor =
  (path: string, query: Record<string, string>, rows: number): NonNullable<BenchScenario['prepare']> =>
  async (get) => {
    let after: string | null = null;
    for (let seen = 0; seen < rows; seen += 500) {
      const page = (await get(path, { ...query, pageSize: '500', ...(after ? { after } : {}) })) as { nextCursor: string | null };
      if (!page.nextCursor) throw new Error(`${path}: fewer than ${rows} rows`);
      after = page.nextCursor;
    }
    return { after: after! };
  };
