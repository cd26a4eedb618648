import { test } from './support/fixtures';
import { walkEveryPage } from './support/every-page';

// Part 2 of 2 of the walk through every page the administrator and the leader may open (support/every-page.ts).
test('every page the administrator and the leader may open passes axe (part 2 of 2)', async ({ browser }) => {
  await walkEveryPage(browser, 1);
});
