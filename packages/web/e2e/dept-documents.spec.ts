import { expect as baseExpect, test, type Browser, type Page } from './support/fixtures';
import { submitLogin } from './support/session';
import { choose } from './support/ant-select';

/**
 * Issue 32: a department's receipt is registered by its clerk, instructed by its leader (who names the
 * handler), handled and finished — and filed by the archivist, while the handler is offered no 归档.
 */
const YEAR = new Date().getFullYear();
/** the machine is shared: give the server time to answer */
const expect = baseExpect.configure({ timeout: 30_000 });

async function as(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await submitLogin(page, user, 'Oa@123456');
  await expect(page).toHaveURL(/\/oa\/dashboard$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
  return page;
}

test.describe('department receipts and the archive', () => {
  test.describe.configure({ timeout: 420_000, mode: 'serial' });
  let preview = '';
  let id = '';

  test('a clerk registers, the leader instructs and names the handler, the handler finishes it', async ({ browser }) => {
    const clerk = await as(browser, 'hanxue');
    await clerk.goto('deptReceiptEdit');
    await clerk.getByTestId('f-title').fill('关于报送2026年度行业统计数据的通知');
    await clerk.getByTestId('f-sourceOrg').fill('市统计局');
    await clerk.getByTestId('doc-submit').click();
    await expect(clerk.getByTestId('doc-preview')).toBeVisible();
    id = new URL(clerk.url()).searchParams.get('id')!;
    preview = `deptReceiptPreview?id=${id}`;
    await expect(clerk.getByTestId('doc-preview')).toContainText('办理中');
    await clerk.context().close();

    // the leader cannot pass 批示 without naming a handler; then names 李娜
    const leader = await as(browser, 'zhangwei');
    await leader.goto(preview);
    await expect(leader.getByTestId('task-node')).toHaveText('部门领导批示');
    await leader.getByTestId('task-comment').fill('请李娜同志牵头办理。');
    await leader.getByTestId('task-approve').click();
    await expect(leader.getByText('请填写承办人')).toBeVisible();
    await choose(leader, 'task-handlers', '李娜');
    await leader.getByTestId('task-approve').click();
    await expect(leader.getByTestId('task-panel')).toBeHidden();
    await leader.context().close();

    const handler = await as(browser, 'lina');
    await handler.goto(preview);
    await expect(handler.getByTestId('task-node')).toHaveText('承办');
    await handler.getByTestId('task-comment').fill('已汇总报送。');
    await handler.getByTestId('task-approve').click();
    await expect(handler.getByTestId('task-panel')).toBeHidden();
    await expect(handler.getByTestId('doc-preview')).toContainText('已办结');
    // the handler may not file it: no 归档 offered
    await expect(handler.getByTestId('doc-archive')).toHaveCount(0);
    await handler.context().close();

    const check = await as(browser, 'hanxue');
    await check.goto(preview);
    await expect(check.getByTestId('doc-preview')).toContainText('已办结');
    const sheet = check.getByTestId('doc-sheet');
    for (const s of ['登记', '部门领导批示', '承办人：李娜', '承办', '已汇总报送。', '李娜']) await expect(sheet).toContainText(s);
    await expect(sheet).not.toContainText(/submit|formEdit|finish|skip|system|handlers/);
    await check.context().close();
  });

  test('the archivist files the finished receipt from its page', async ({ browser }) => {
    const archivist = await as(browser, 'sunlihua');
    await archivist.goto(preview);
    await archivist.getByTestId('doc-archive').click();
    await expect(archivist).toHaveURL(new RegExp(`archivePre\\?docId=${id}`));
    await archivist.getByTestId('pre-file').click();
    await expect(archivist.getByTestId('detail-code')).toHaveText(new RegExp(`^A001-WS·${YEAR}-D10-[A-Z]+-\\d{4}$`));
    await archivist.goto(preview);
    await expect(archivist.getByTestId('doc-preview')).toContainText('已归档');
    await expect(archivist.getByTestId('doc-archive')).toHaveCount(0);
    await archivist.context().close();
  });
});
