import { expect, type Browser, type Page } from '@playwright/test';
import { DOC_API } from '@oa/shared/contract/documents';
import { openAs } from './session';
import { api } from './signed-api';

const P = (p: string) => p.replace(/^\//, '');

/** Acts on `user`'s open step of the dispatch through the API, as the web client would. */
async function approve(browser: Browser, user: string, id: string): Promise<void> {
  const page = await openAs(browser, user);
  const view = await api(page, 'GET', `api/auth/oa/process/instance?moduleCode=oa_dispatch&recordId=${id}`);
  expect(view.data?.myTask, `${user} has a task`).toBeTruthy();
  const res = await api(page, 'POST', 'api/auth/oa/process/approve', { taskId: view.data.myTask.taskId, comment: `${user}同意` });
  expect(res.code, res.message).toBe(0);
  await page.context().close();
}

async function draft(page: Page, title: string, bodyHtml: string): Promise<string> {
  const types = await api(page, 'GET', `${P(DOC_API.types)}?kind=dispatch&scope=office`);
  const typeId = types.data.find((x: { prefix: string }) => x.prefix === 'X协').id as string;
  const saved = await api(page, 'POST', P(DOC_API.save), {
    kind: 'dispatch',
    scope: 'office',
    submit: true,
    form: {
      title,
      typeId,
      secretLevel: '内部',
      urgency: '普通',
      mainTo: '各会员单位',
      countersigners: ['liuyang', 'huangli'],
      signer: 'leader',
      bodyHtml,
    },
  });
  expect(saved.code, saved.message).toBe(0);
  return saved.data.id as string;
}

/**
 * An office dispatch drafted by lina and taken through its process (核稿 zhaolei, 会签 liuyang and huangli, 签发
 * leader) through the API: it waits at the clerk's desk for 编号. Returns its id.
 */
export async function signedDispatch(browser: Browser, title: string, bodyHtml: string): Promise<string> {
  const lina = await openAs(browser, 'lina');
  const id = await draft(lina, title, bodyHtml);
  await lina.context().close();
  for (const u of ['zhaolei', 'liuyang', 'huangli', 'leader']) await approve(browser, u, id);
  return id;
}
