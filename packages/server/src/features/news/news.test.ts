import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { TINY_PNG, multipartBody, rawGet } from '../../../test/upload-kit';
import { WILD } from '../../../test/like-kit';

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

  it('a scheduled article is 待发布 until its time: stage, lists by stage, hidden from readers', async () => {
    const publishAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const body = { columnCode: 'col_news', title: '定时发布：年终总结', isTop: 'N', attachments: [], bodyHtml: '<p>年终</p>', publishAt };
    const sub = await t.call('POST', `${N}/submit`, { token: as('staff'), body });
    const id = sub.body.data.id as string;
    await approveAll(id);
    const mine = await t.call('GET', `${N}/detail`, { token: as('staff'), query: { id } });
    expect(mine.body.data).toMatchObject({ status: 'published', stage: 'scheduled', publishedAt: publishAt });
    const ids = async (status: string) =>
      (await t.call('GET', `${N}/list`, { token: as('staff'), query: { view: 'mine', status, pageSize: '50' } })).body.data.list.map(
        (a: { id: string; stage: string }) => `${a.id}:${a.stage}`,
      );
    const scheduled = await ids('scheduled');
    expect(scheduled).toContain(`${id}:scheduled`);
    expect(scheduled.every((x: string) => x.endsWith(':scheduled'))).toBe(true);
    const published = await ids('published');
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((x: string) => x.endsWith(':published'))).toBe(true);
    expect((await t.call('GET', `${N}/view`, { token: as('chenjing'), query: { id } })).status).toBe(404);
    // not out yet: the recommender is offered no 推荐 and is refused one
    const early = await t.call('GET', `${N}/detail`, { token: as('admin'), query: { id } });
    expect(early.body.data.can.recommend).toBe(false);
    const refused = await t.call('POST', `${N}/recommend`, { token: as('admin'), body: { id, target: 'front' } });
    expect(refused.body.message).toBe('只有已发布的信息可以推荐');
    const bad = await t.call('GET', `${N}/list`, { token: as('staff'), query: { view: 'mine', status: 'soon' } });
    expect(bad.status).toBe(400);
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

  it('a cover is an own uploaded image, else the first body image; readers download it, others not before publishing', async () => {
    const cover = await upload('staff', 'cover.png', TINY_PNG);
    const bodyImg = await upload('staff', 'body.png', TINY_PNG);
    const notImage = await upload('staff', 'cover.txt', Buffer.from('not an image'));
    const foreign = await upload('lina', 'lina.png', TINY_PNG);
    const base = { columnCode: 'col_news', title: '封面测试', bodyHtml: '<p>正文</p>' };
    const asText = await t.call('POST', `${N}/save`, { token: as('staff'), body: { ...base, coverFile: notImage } });
    expect(asText.status).toBe(400);
    expect(asText.body.message).toContain('封面');
    expect(asText.body.data.field).toBe('coverFile');
    const stolen = await t.call('POST', `${N}/save`, { token: as('staff'), body: { ...base, coverFile: foreign } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.data.field).toBe('coverFile');
    // no cover picked: the body's first image
    const withImg = `<p>正文</p><img src="/oa/api/base/system/file/download?filePath=${bodyImg}">`;
    const draft = await t.call('POST', `${N}/save`, { token: as('staff'), body: { ...base, bodyHtml: withImg } });
    const id = draft.body.data.id as string;
    let d = (await t.call('GET', `${N}/detail`, { token: as('staff'), query: { id } })).body.data;
    expect(d).toMatchObject({ coverFile: bodyImg, coverPicked: false });
    // picked: that one, and it is kept when the body changes
    await t.call('POST', `${N}/save`, { token: as('staff'), body: { ...base, id, bodyHtml: withImg, coverFile: cover } });
    d = (await t.call('GET', `${N}/detail`, { token: as('staff'), query: { id } })).body.data;
    expect(d).toMatchObject({ coverFile: cover, coverPicked: true });
    const image = (tok: string) => rawGet(t, `/oa/api/base/system/file/download?filePath=${cover}&wtoken=${tok}`);
    expect((await image(as('chenjing'))).statusCode).toBe(403);
    const sub = await t.call('POST', `${N}/submit`, { token: as('staff'), body: { ...base, id, bodyHtml: withImg, coverFile: cover } });
    expect(sub.body.code).toBe(0);
    await approveAll(id);
    expect((await image(as('chenjing'))).statusCode).toBe(200);
    // a reader is no part of the approval (the approval view sends them to the reading page); the author is
    expect((await t.call('GET', `${N}/detail`, { token: as('chenjing'), query: { id } })).body.data.inApproval).toBe(false);
    expect((await t.call('GET', `${N}/detail`, { token: as('staff'), query: { id } })).body.data.inApproval).toBe(true);
    const list = await t.call('GET', `${N}/list`, { token: as('chenjing'), query: { columnCode: 'col_news', pageSize: '50' } });
    expect(list.body.data.list.find((a: { id: string }) => a.id === id).coverFile).toBe(cover);
    const latest = await t.call('GET', `${N}/latest`, { token: as('chenjing'), query: { limit: '20' } });
    expect(latest.body.data.find((a: { id: string }) => a.id === id)?.coverFile).toBe(cover);
    // withdrawn: readers lose the cover again
    await t.call('POST', `${N}/withdraw`, { token: as('staff'), body: { id } });
    expect((await image(as('chenjing'))).statusCode).toBe(403);
  });

  it('提醒未读: the author or a manager notifies the unread readers in scope, once an hour; others are refused', async () => {
    // seed: Nseed07 in col_internal (D01, D02); its author
    const a = await t.ctx.db.selectFrom('news_article').select(['author']).where('id', '=', 'Nseed07').executeTakeFirstOrThrow();
    await t.call('GET', `${N}/view`, { token: as('lina'), query: { id: 'Nseed07' } });
    const unread = (await t.call('GET', `${N}/readers`, { token: as('admin'), query: { id: 'Nseed07' } })).body.data.unread as Array<{
      userCode: string;
    }>;
    const expected = unread.map((u) => u.userCode).filter((u) => u !== a.author);
    expect(expected.length).toBeGreaterThan(1);
    // a reader in scope who is neither author nor manager: 403; someone outside the scope: 404
    const other = ['staff', 'lina', 'chenjing'].find((u) => u !== a.author)!;
    const denied = await t.call('POST', `${N}/remind`, { token: as(other), body: { id: 'Nseed07' } });
    expect(denied.status).toBe(403);
    expect((await t.call('POST', `${N}/remind`, { token: as('wangfang'), body: { id: 'Nseed07' } })).status).toBe(404);
    expect((await t.call('POST', `${N}/remind`, { token: as('admin'), body: {} })).status).toBe(400);

    const notices = () =>
      t.ctx.db
        .selectFrom('wf_notification')
        .select(['user_code', 'title', 'kind', 'module_code'])
        .where('record_id', '=', 'Nseed07')
        .where('kind', '=', 'remind')
        .execute();
    expect(await notices()).toHaveLength(0);
    const sent = await t.call('POST', `${N}/remind`, { token: await t.login(a.author), body: { id: 'Nseed07' } });
    expect(sent.body.code).toBe(0);
    expect(sent.body.data.reminded).toBe(expected.length);
    expect(sent.body.message).toBe(`已提醒 ${expected.length} 人阅读`);
    const rows = await notices();
    expect(rows.map((r) => r.user_code).sort()).toEqual([...expected].sort());
    expect(rows.map((r) => r.user_code)).not.toContain('lina');
    expect(rows[0]).toMatchObject({ module_code: 'oa_information' });
    // each goes out as 提醒未读 (issue 33), linked to the article, once per person
    const out = await t.ctx.db
      .selectFrom('notify_outbox')
      .select(['user_code', 'link'])
      .where('event', '=', 'unread')
      .where('link', '=', '/oa/information/preview?id=Nseed07')
      .execute();
    expect(out.map((r) => r.user_code).sort()).toEqual([...expected].sort());
    expect(rows[0].title).toContain('请阅读');
    // a second press within the hour (even by a manager) says when the next is allowed; nothing more is sent
    const again = await t.call('POST', `${N}/remind`, { token: as('admin'), body: { id: 'Nseed07' } });
    expect(again.status).toBe(200);
    expect(again.body.code).not.toBe(0);
    expect(again.body.message).toMatch(/每小时最多提醒一次.*\d{2}:\d{2} 之后/);
    expect(await notices()).toHaveLength(expected.length);
    // two presses at once an hour later: exactly one sends
    await t.ctx.db
      .updateTable('news_article')
      .set({ reminded_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('id', '=', 'Nseed07')
      .execute();
    const both = await Promise.all([0, 1].map(() => t.call('POST', `${N}/remind`, { token: as('admin'), body: { id: 'Nseed07' } })));
    expect(both.filter((r) => r.body.code === 0)).toHaveLength(1);
    const audit = await t.ctx.db
      .selectFrom('sys_audit')
      .select('action')
      .where('target', '=', 'Nseed07')
      .where('action', '=', 'news.remind')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('an outside applicant is no reader: no cover by any download path, not among the unread, never reminded (issue 32)', async () => {
    const applicant = await t.login('qianxm');
    const cover = await upload('staff', 'cover.png', TINY_PNG);
    const base = { columnCode: 'col_news', title: '内部封面', bodyHtml: '<p>正文</p>', coverFile: cover };
    const id = (await t.call('POST', `${N}/save`, { token: as('staff'), body: base })).body.data.id as string;
    expect((await t.call('POST', `${N}/submit`, { token: as('staff'), body: { ...base, id } })).body.code).toBe(0);
    await approveAll(id);
    const image = (tok: string) => rawGet(t, `/oa/api/base/system/file/download?filePath=${cover}&wtoken=${tok}`);
    expect((await image(as('chenjing'))).statusCode).toBe(200);
    expect((await image(applicant)).statusCode).toBe(403);
    // the applicants' own download path answers by the same rule
    const own = await t.call('GET', '/oa/api/auth/oa/fweb/file', { token: applicant, query: { fileId: cover } });
    expect(own.status).toBe(403);
    const unread = (await t.call('GET', `${N}/readers`, { token: as('admin'), query: { id } })).body.data.unread as Array<{
      userCode: string;
    }>;
    expect(unread.map((u) => u.userCode)).toContain('chenjing');
    expect(unread.map((u) => u.userCode)).not.toContain('qianxm');
    expect((await t.call('POST', `${N}/remind`, { token: as('staff'), body: { id } })).body.code).toBe(0);
    const reminded = await t.ctx.db
      .selectFrom('wf_notification')
      .select('user_code')
      .where('record_id', '=', id)
      .where('kind', '=', 'remind')
      .execute();
    expect(reminded.map((r) => r.user_code)).toContain('chenjing');
    expect(reminded.map((r) => r.user_code)).not.toContain('qianxm');
    expect(reminded.map((r) => r.user_code)).not.toContain('sunyq');
  });

  it('the list keyword matches % and _ in titles as written', async () => {
    for (const title of [WILD.literal, WILD.lookalike]) {
      const res = await t.call('POST', `${N}/save`, {
        token: as('staff'),
        body: { columnCode: 'col_news', title, bodyHtml: '<p>正文</p>' },
      });
      expect(res.body.code).toBe(0);
    }
    const titles = async (keyword: string) =>
      (await t.call('GET', `${N}/list`, { token: as('staff'), query: { view: 'mine', keyword } })).body.data.list.map(
        (a: { title: string }) => a.title,
      );
    expect(await titles(WILD.literal)).toEqual([WILD.literal]);
    expect(await titles('%')).toEqual([]);
  });
});
