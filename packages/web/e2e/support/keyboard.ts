import { expect, type Locator, type Page } from '@playwright/test';

/** Whether the focus is on `target` or inside it. */
const holdsFocus = (target: Locator) => target.evaluate((el) => !!document.activeElement && el.contains(document.activeElement));

/**
 * Presses Tab (Shift+Tab with `back`) until the focus reaches `target`, as a keyboard user moves through a page;
 * fails naming the target when it is not reached within `max` presses (not in the tab order).
 */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false }: { max?: number; back?: boolean } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  if (!(await holdsFocus(target))) throw new Error(`Tab did not reach ${target.toString()} within ${max} presses`);
}

/** Types into the field `label` of `scope`, reached by Tab. */
export async function typeInto(page: Page, scope: Locator, label: string, text: string): Promise<void> {
  await tabTo(page, scope.getByLabel(label, { exact: true }));
  await page.keyboard.type(text);
}

/** Chooses the `nth` option (0: the first) of the select `label` of `scope` by keyboard: Tab to it, arrows, Enter. */
export async function chooseByKeys(page: Page, scope: Locator, label: string, nth: number): Promise<void> {
  await tabTo(page, scope.getByLabel(label, { exact: true }));
  await page.keyboard.press('ArrowDown'); // opens the list on its first option
  await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
  for (let i = 0; i < nth; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}
