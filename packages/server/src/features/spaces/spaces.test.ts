import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet } from '../../../test/upload-kit';
import { WILD } from '../../../test/like-kit';

const DIALECTS = await testDialects();
const S = '/oa/api/auth/oa/spaces';

describe.each(DIALECTS)('spaces on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const u of ['admin', 'zhangwei', 'lina', 'staff', 'wangfang']) tok[u] = await t.login(u);
  });
  afterAll(async () => t?.close());

  it('a collaboration topic scoped to a department: its members see it, post and download its files; others do not', async () => {
    const { body, headers } = multipartBody({ name: 'plan.txt', content: Buffer.from('分工表') }, { scope: 'private' });
    const up = await t.call('POST', '/oa/api/auth/base/system/file/upload', { token: tok.zhangwei, body, headers });
    const fileId = up.body.data.fileId as string;
    const created = await t.call('POST', `${S}/topic`, {
      token: tok.zhangwei,
      body: {
        kind: 'dept',
        title: '部门内协作：报告分工',
        bodyHtml: '<p>请认领<img src=x onerror=alert(1)></p>',
        scope: 'scoped',
        readers: [{ kind: 'dept', code: 'D02' }],
        files: [{ fileId, fileName: 'plan.txt' }],
      },
    });
    expect(created.body.code).toBe(0);
    const id = created.body.data.id as string;
    const d = await t.call('GET', `${S}/detail`, { token: tok.lina, query: { id } });
    expect(d.body.data.bodyHtml).toBe('<p>请认领</p>');
    expect(d.body.data.files).toHaveLength(1);
    expect((await t.call('GET', `${S}/detail`, { token: tok.staff, query: { id } })).status).toBe(404);
    const listStaff = await t.call('GET', `${S}/list`, { token: tok.staff, query: { kind: 'dept', pageSize: '100' } });
    expect(listStaff.body.data.list.map((x: { id: string }) => x.id)).not.toContain(id);
    const listLina = await t.call('GET', `${S}/list`, { token: tok.lina, query: { kind: 'dept', pageSize: '100' } });
    expect(listLina.body.data.list.map((x: { id: string }) => x.id)).toContain(id);
    expect((await rawGet(t, `/oa/api/auth/base/system/file/download?filePath=${fileId}`, tok.lina)).statusCode).toBe(200);
    expect((await rawGet(t, `/oa/api/auth/base/system/file/download?filePath=${fileId}`, tok.staff)).statusCode).toBe(403);
    // a member posts; a non-member cannot
    expect((await t.call('POST', `${S}/post`, { token: tok.lina, body: { topicId: id, bodyHtml: '<p>第三章我来</p>' } })).body.code).toBe(
      0,
    );
    expect((await t.call('POST', `${S}/post`, { token: tok.staff, body: { topicId: id, bodyHtml: '<p>x</p>' } })).status).toBe(404);
    // only the author and administrators edit
    const edit = { id, kind: 'dept', title: '改标题', bodyHtml: '<p>x</p>', scope: 'all' };
    expect((await t.call('POST', `${S}/topic`, { token: tok.lina, body: edit })).body.code).not.toBe(0);
    expect((await t.call('POST', `${S}/topic`, { token: tok.admin, body: edit })).body.code).toBe(0);
    expect((await t.call('GET', `${S}/detail`, { token: tok.staff, query: { id } })).body.data.title).toBe('改标题');
  });

  it('an outside applicant reads no file of a topic open to all, by the image address either (issue 32)', async () => {
    const { body, headers } = multipartBody({ name: 'open.txt', content: Buffer.from('公开给全员') }, { scope: 'private' });
    const fileId = (await t.call('POST', '/oa/api/auth/base/system/file/upload', { token: tok.zhangwei, body, headers })).body.data.fileId;
    const topic = {
      kind: 'public',
      title: '全员可见的主题',
      bodyHtml: '<p>见附件</p>',
      scope: 'all',
      files: [{ fileId, fileName: 'open.txt' }],
    };
    expect((await t.call('POST', `${S}/topic`, { token: tok.zhangwei, body: topic })).body.code).toBe(0);
    const image = (token: string) => rawGet(t, `/oa/api/base/system/file/download?filePath=${fileId}&wtoken=${token}`);
    expect((await image(tok.staff)).statusCode).toBe(200);
    expect((await image(await t.login('qianxm'))).statusCode).toBe(403);
  });

  it('a reply carries files: listed on the reply, downloadable within the topic scope only; no file of someone else, none twice', async () => {
    const up = async (user: string, name: string) => {
      const { body, headers } = multipartBody({ name, content: Buffer.from(`${user} 的文件`) }, { scope: 'private' });
      const res = await t.call('POST', '/oa/api/auth/base/system/file/upload', { token: tok[user], body, headers });
      return res.body.data.fileId as string;
    };
    const created = await t.call('POST', `${S}/topic`, {
      token: tok.zhangwei,
      body: {
        kind: 'dept',
        title: '回复带附件',
        bodyHtml: '<p>请回复时附上材料</p>',
        scope: 'scoped',
        readers: [{ kind: 'dept', code: 'D02' }],
      },
    });
    const id = created.body.data.id as string;
    const mine = await up('lina', '第三章.txt');
    const reply = await t.call('POST', `${S}/post`, {
      token: tok.lina,
      body: { topicId: id, bodyHtml: '<p>第三章初稿见附件</p>', files: [{ fileId: mine, fileName: '第三章.txt' }] },
    });
    expect(reply.body.code).toBe(0);
    const d = (await t.call('GET', `${S}/detail`, { token: tok.zhangwei, query: { id } })).body.data;
    expect(d.files).toHaveLength(0);
    expect(d.fileCount).toBe(1);
    expect(d.posts[0].files).toMatchObject([{ fileId: mine, fileName: '第三章.txt', uploaderName: '李娜' }]);
    const get = (user: string) => rawGet(t, `/oa/api/auth/base/system/file/download?filePath=${mine}`, tok[user]);
    expect((await get('zhangwei')).statusCode).toBe(200);
    expect((await get('staff')).statusCode).toBe(403);
    // someone else's upload cannot be attached to a reply; nor the same file a second time in the topic
    const foreign = await up('staff', 'x.txt');
    const stolen = await t.call('POST', `${S}/post`, {
      token: tok.lina,
      body: { topicId: id, bodyHtml: '<p>x</p>', files: [{ fileId: foreign, fileName: 'x.txt' }] },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.data.field).toBe('files');
    const twice = await t.call('POST', `${S}/post`, {
      token: tok.lina,
      body: { topicId: id, bodyHtml: '<p>再发一次</p>', files: [{ fileId: mine, fileName: '第三章.txt' }] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.data.field).toBe('files');
    // two replies with the same new file at the same instant: one keeps it, the other is told (never a 500)
    const shared = await up('lina', '同时.txt');
    const both = await Promise.all(
      ['<p>甲</p>', '<p>乙</p>'].map((bodyHtml) =>
        t.call('POST', `${S}/post`, {
          token: tok.lina,
          body: { topicId: id, bodyHtml, files: [{ fileId: shared, fileName: '同时.txt' }] },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body.data.field).toBe('files');
    // a reply of files only is accepted; deleting the reply takes its files out of the topic (and the grant)
    const onlyFile = await up('lina', '补充.txt');
    const bare = await t.call('POST', `${S}/post`, {
      token: tok.lina,
      body: { topicId: id, bodyHtml: '', files: [{ fileId: onlyFile, fileName: '补充.txt' }] },
    });
    expect(bare.body.code).toBe(0);
    expect((await t.call('DELETE', `${S}/post`, { token: tok.lina, query: { id: bare.body.data.id } })).body.code).toBe(0);
    expect((await rawGet(t, `/oa/api/auth/base/system/file/download?filePath=${onlyFile}`, tok.zhangwei)).statusCode).toBe(403);
    // the topic moves to everyone: the reply file follows the topic's scope
    await t.call('POST', `${S}/topic`, {
      token: tok.zhangwei,
      body: { id, kind: 'dept', title: '回复带附件', bodyHtml: '<p>x</p>', scope: 'all' },
    });
    expect((await get('staff')).statusCode).toBe(200);
  });

  it('bad input is a 400 naming the field and writes nothing', async () => {
    const n0 = await t.ctx.db
      .selectFrom('space_topic')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const noScope = await t.call('POST', `${S}/topic`, {
      token: tok.lina,
      body: { kind: 'dept', title: 'x', bodyHtml: '<p>x</p>', scope: 'scoped', readers: [] },
    });
    expect(noScope.status).toBe(400);
    const badKind = await t.call('POST', `${S}/topic`, {
      token: tok.lina,
      body: { kind: 'nope', title: 'x', bodyHtml: '<p>x</p>', scope: 'all' },
    });
    expect(badKind.status).toBe(400);
    const ghost = await t.call('POST', `${S}/topic`, {
      token: tok.lina,
      body: { kind: 'dept', title: 'x', bodyHtml: '<p>x</p>', scope: 'scoped', readers: [{ kind: 'dept', code: 'D99' }] },
    });
    expect(ghost.status).toBe(400);
    const n1 = await t.ctx.db
      .selectFrom('space_topic')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n1.n)).toBe(Number(n0.n));
  });

  it('the list keyword matches % and _ in titles as written', async () => {
    for (const title of [WILD.literal, WILD.lookalike]) {
      const res = await t.call('POST', `${S}/topic`, {
        token: tok.lina,
        body: { kind: 'dept', title, bodyHtml: '<p>x</p>', scope: 'all' },
      });
      expect(res.body.code).toBe(0);
    }
    const titles = async (keyword: string) =>
      (await t.call('GET', `${S}/list`, { token: tok.lina, query: { kind: 'dept', keyword } })).body.data.list.map(
        (x: { title: string }) => x.title,
      );
    expect(await titles(WILD.literal)).toEqual([WILD.literal]);
    expect(await titles('%')).toEqual([]);
  });
});
