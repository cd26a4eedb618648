import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { TINY_PNG, multipartBody, rawGet } from '../../../test/upload-kit';

const DIALECTS = await testDialects();
const N = '/oa/api/auth/oa/news';
const UPLOAD = '/oa/api/auth/base/system/file/upload';

describe.each(DIALECTS)('news on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const as = (u: string) => tok[u];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const u of ['admin', 'staff', 'leader', 'lina', 'wangfang', 'chenjing']) tok[u] = await t.login(u);
  });
  afterAll(async () => t?.close());

  async function upload(user: string, name: string, content: Buffer) {
    const { body, headers } = multipartBody({ name, content }, { scope: 'private' });
    const res = await t.call('POST', UPLOAD, { token: as(user), body, headers });
    expect(res.body.code).toBe(0);
    return res.body.data.fileId as string;
  }
  async function approveAll(articleId: string) {
    for (let i = 0; i < 5; i++) {
      const tasks = await t.ctx.db
        .selectFrom('wf_task as k')
        .innerJoin('wf_instance as i', 'i.id', 'k.instance_id')
        .select(['k.id', 'k.assignee'])
        .where('i.record_id', '=', articleId)
        .where('k.status', '=', 'open')
        .execute();
      if (!tasks.length) return;
      for (const k of tasks) {
        const res = await t.call('POST', '/oa/api/auth/oa/process/approve', { token: await t.login(k.assignee), body: { taskId: k.id } });
        expect(res.body.code).toBe(0);
      }
    }
  }

  it('a publisher writes an article with an image and an attachment; approval publishes it; the stored body is sanitised', async () => {
    const img = await upload('staff', 'photo.png', TINY_PNG);
    const doc = await upload('staff', 'notice.txt', Buffer.from('附件内容'));
    const body = {
      columnCode: 'col_news',
      title: '测试发布：秋季运动会通知',
      isTop: 'N',
      attachments: [{ fileId: doc, fileName: 'notice.txt' }],
      bodyHtml: `<p>运动会将于下周举行<script>alert(1)</script><img src="x" onerror="alert(2)"></p><p>&lt;script&gt;alert(3)&lt;/script&gt;</p><img src="/oa/api/base/system/file/download?filePath=${img}&wtoken=abc">`,
    };
    const sub = await t.call('POST', `${N}/submit`, { token: as('staff'), body });
    expect(sub.body.code).toBe(0);
    const id = sub.body.data.id as string;
    const row = await t.ctx.db.selectFrom('news_article').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('review');
    expect(row.body_html).not.toMatch(/<script|onerror|wtoken/);
    expect(row.body_html).toContain('&lt;script&gt;alert(3)&lt;/script&gt;');
    expect(row.body_html).toContain(`data-file-id="${img}"`);

    // not yet readable by others; the attachment is not downloadable by them either
    expect((await t.call('GET', `${N}/view`, { token: as('chenjing'), query: { id } })).status).toBe(404);
    expect((await rawGet(t, `/oa/api/auth/base/system/file/download?filePath=${doc}`, as('chenjing'))).statusCode).toBe(403);
    // the approver previews it (participant)
    const task = await t.ctx.db
      .selectFrom('wf_task as k')
      .innerJoin('wf_instance as i', 'i.id', 'k.instance_id')
      .select('k.assignee')
      .where('i.record_id', '=', id)
      .where('k.status', '=', 'open')
      .executeTakeFirstOrThrow();
    expect((await t.call('GET', `${N}/detail`, { token: await t.login(task.assignee), query: { id } })).body.code).toBe(0);

    await approveAll(id);
    const after = await t.call('GET', `${N}/view`, { token: as('chenjing'), query: { id } });
    expect(after.body.data.status).toBe('published');
    expect(after.body.data.readCount).toBe(1);
    await t.call('GET', `${N}/view`, { token: as('chenjing'), query: { id } });
    const again = await t.call('GET', `${N}/view`, { token: as('wangfang'), query: { id } });
    expect(again.body.data.readCount).toBe(2);
    expect((await rawGet(t, `/oa/api/auth/base/system/file/download?filePath=${doc}`, as('chenjing'))).statusCode).toBe(200);
    expect((await rawGet(t, `/oa/api/base/system/file/download?filePath=${img}&wtoken=${as('wangfang')}`)).statusCode).toBe(200);

    const list = await t.call('GET', `${N}/list`, { token: as('wangfang'), query: { columnCode: 'col_news', pageSize: '50' } });
    expect(list.body.data.list.map((a: { id: string }) => a.id)).toContain(id);
    const readers = await t.call('GET', `${N}/readers`, { token: as('staff'), query: { id } });
    expect(readers.body.data.readers.map((r: { userCode: string }) => r.userCode).sort()).toEqual(['chenjing', 'wangfang']);
    expect((await t.call('GET', `${N}/readers`, { token: as('wangfang'), query: { id } })).body.code).not.toBe(0);
  });

  it('a scoped column is read only by its departments; its articles and files stay hidden from others', async () => {
    // seed: col_internal readable by D01 and D02 only; Nseed07 is in it
    expect((await t.call('GET', `${N}/view`, { token: as('lina'), query: { id: 'Nseed07' } })).body.code).toBe(0);
    expect((await t.call('GET', `${N}/view`, { token: as('wangfang'), query: { id: 'Nseed07' } })).status).toBe(404);
    const cols = await t.call('GET', `${N}/columns`, { token: as('wangfang') });
    expect(cols.body.data.map((c: { columnCode: string }) => c.columnCode)).not.toContain('col_internal');
    const list = await t.call('GET', `${N}/list`, { token: as('wangfang'), query: { pageSize: '100' } });
    expect(list.body.data.list.map((a: { id: string }) => a.id)).not.toContain('Nseed07');
    // scheduled article (publish time in the future) is not listed yet
    expect(list.body.data.list.map((a: { id: string }) => a.id)).not.toContain('Nseed08');
  });

  it('only granted publishers publish in a column; bad input is a 400 naming the field; nothing is written', async () => {
    const before = await t.ctx.db
      .selectFrom('news_article')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const denied = await t.call('POST', `${N}/save`, {
      token: as('wangfang'),
      body: { columnCode: 'col_news', title: 'x', bodyHtml: '<p>x</p>' },
    });
    expect(denied.status).toBe(200);
    expect(denied.body.code).not.toBe(0);
    const noTitle = await t.call('POST', `${N}/save`, {
      token: as('staff'),
      body: { columnCode: 'col_news', title: '', bodyHtml: '<p>x</p>' },
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toContain('标题');
    const onlyScript = await t.call('POST', `${N}/save`, {
      token: as('staff'),
      body: { columnCode: 'col_news', title: 'x', bodyHtml: '<script>alert(1)</script>' },
    });
    expect(onlyScript.status).toBe(400);
    const foreignFile = await upload('lina', 'a.txt', Buffer.from('lina'));
    const stolen = await t.call('POST', `${N}/save`, {
      token: as('staff'),
      body: { columnCode: 'col_news', title: 'x', bodyHtml: '<p>x</p>', attachments: [{ fileId: foreignFile, fileName: 'a.txt' }] },
    });
    expect(stolen.status).toBe(400);
    const after = await t.ctx.db
      .selectFrom('news_article')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('recommendation with state and who recommended; department scores', async () => {
    expect((await t.call('POST', `${N}/recommend`, { token: as('wangfang'), body: { id: 'Nseed04', target: 'front' } })).status).toBe(403);
    const ok = await t.call('POST', `${N}/recommend`, {
      token: as('leader'),
      body: { id: 'Nseed04', target: 'upward', state: 'adopted', note: '报送主管部门' },
    });
    expect(ok.body.code).toBe(0);
    const more = await t.call('GET', `${N}/recommendList`, { token: as('staff'), query: { pageSize: '50' } });
    const rec = more.body.data.list.find((a: { id: string }) => a.id === 'Nseed04');
    expect(rec.recommend).toMatchObject({ target: 'upward', state: 'adopted', byName: '王建国' });
    const scores = await t.call('GET', `${N}/scores`, { token: as('staff'), query: { year: '2026' } });
    const d01 = scores.body.data.find((d: { deptCode: string }) => d.deptCode === 'D01');
    expect(d01.submissions).toBeGreaterThan(0);
    expect(d01.score).toBe(d01.submissions + 2 * d01.adopted + 3 * d01.commended);
  });

  it('two approvers acting on one task: exactly one wins', async () => {
    const sub = await t.call('POST', `${N}/submit`, {
      token: as('staff'),
      body: { columnCode: 'col_news', title: '并发审批', bodyHtml: '<p>并发</p>' },
    });
    const id = sub.body.data.id as string;
    const k = await t.ctx.db
      .selectFrom('wf_task as k')
      .innerJoin('wf_instance as i', 'i.id', 'k.instance_id')
      .select(['k.id', 'k.assignee'])
      .where('i.record_id', '=', id)
      .where('k.status', '=', 'open')
      .executeTakeFirstOrThrow();
    const tk = await t.login(k.assignee);
    const [a, b] = await Promise.all(
      [0, 1].map(() => t.call('POST', '/oa/api/auth/oa/process/approve', { token: tk, body: { taskId: k.id } })),
    );
    expect([a.body.code, b.body.code].filter((c) => c === 0)).toHaveLength(1);
  });
});
