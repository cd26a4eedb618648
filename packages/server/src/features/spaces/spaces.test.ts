import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet } from '../../../test/upload-kit';

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
});
