import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_DEFAULT } from '@oa/shared/constants';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, TINY_PNG } from '../../../test/upload-kit';
import { findFile, type StoredFile } from '../files/file-store';
import { viewerOf } from './account-viewer';

const DIALECTS = await testDialects();
const UPLOAD = '/oa/api/auth/base/system/file/upload';
const USERS = '/oa/api/auth/oa/user';

/**
 * Every file reader that knows only an account (record files, news files, subject files, documents, spaces)
 * builds it with viewerOf; a disabled account is refused by each of them.
 */
describe.each(DIALECTS)('the viewer of an account on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const u of ['admin', 'staff', 'leader']) tok[u] = await t.login(u);
  });
  afterAll(async () => t?.close());

  async function upload(user: string): Promise<string> {
    const { body, headers } = multipartBody({ name: '附件.png', content: TINY_PNG, type: 'image/png' }, { scope: 'private' });
    const res = await t.call('POST', UPLOAD, { token: tok[user], body, headers });
    expect(res.body.code).toBe(0);
    return res.body.data.fileId as string;
  }
  const file = async (id: string) => (await findFile(t.ctx.db, id)) as StoredFile;
  /** what the areas' grants answer for a staff reader of the file (canReadFile's own shortcuts left aside) */
  async function grantsFor(f: StoredFile, userCode: string): Promise<boolean[]> {
    const viewer = { userCode, isAdmin: false, isApplicant: false };
    return Promise.all((t.ctx.fileGrants ?? []).map((grant) => grant(t.ctx.db, f, userCode, viewer)));
  }

  it('names the account, its roles with the default role, and its permissions', async () => {
    const v = await viewerOf(t.ctx.db, 'leader');
    expect(v).toMatchObject({ userCode: 'leader', deptCode: 'D01', isAdmin: false });
    expect(v!.roleCodes).toContain(ROLE_DEFAULT);
    expect(await v!.can('sys_user')).toBe(false);
    const admin = await viewerOf(t.ctx.db, 'admin');
    expect(admin!.isAdmin).toBe(true);
    expect(await admin!.can('sys_user')).toBe(true);
    expect(await viewerOf(t.ctx.db, 'nobody-here')).toBeNull();
  });

  /** a report file on a seeded subject the leader reviews as an expert (mayReadSubject's expert rule) */
  async function subjectReportFile(): Promise<string> {
    const subject = await t.ctx.db
      .selectFrom('subject')
      .select('id')
      .where('status', 'not in', ['draft', 'returned'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const fileId = await upload('staff');
    const at = new Date().toISOString();
    await t.ctx.db
      .insertInto('subject_review')
      .values({ id: `rv-${fileId}`, subject_id: subject.id, expert: 'leader', score: null, opinion: null, created_at: at, scored_at: null })
      .execute();
    await t.ctx.db
      .insertInto('subject_report')
      .values({
        id: `rp-${fileId}`,
        subject_id: subject.id,
        kind: 'mid',
        title: '中期报告',
        content: null,
        file_id: fileId,
        created_by: 'staff',
        created_at: at,
      })
      .execute();
    return fileId;
  }

  it('a disabled account reads no record, news or subject file it read while enabled', async () => {
    const stampFile = await upload('staff');
    const stamp = await t.call('POST', '/oa/api/auth/oa/records/oa_stamp/submit', {
      token: tok.staff,
      body: { data: { reason: '签订合作协议', sealType: '合同专用章', copies: 1, files: [{ fileId: stampFile, fileName: '附件.png' }] } },
    });
    expect(stamp.body.code).toBe(0);
    const newsFile = await upload('staff');
    const news = await t.call('POST', '/oa/api/auth/oa/news/submit', {
      token: tok.staff,
      body: {
        columnCode: 'col_news',
        title: '停用账号测试',
        isTop: 'N',
        attachments: [{ fileId: newsFile, fileName: '附件.png' }],
        bodyHtml: '<p>正文</p>',
      },
    });
    expect(news.body.code).toBe(0);

    // the leader approves the stamp application (a reader of it) and reviews the article (a participant)
    const reportFile = await subjectReportFile();
    const files = [stampFile, newsFile, reportFile];
    const readable = async () => Promise.all(files.map(async (f) => (await grantsFor(await file(f), 'leader')).some(Boolean)));
    const reviewer = await t.ctx.db
      .selectFrom('wf_task as k')
      .innerJoin('wf_instance as i', 'i.id', 'k.instance_id')
      .select('k.assignee')
      .where('i.record_id', '=', news.body.data.id as string)
      .where('k.status', '=', 'open')
      .executeTakeFirstOrThrow();
    expect(reviewer.assignee).toBe('leader');
    expect(await readable()).toEqual([true, true, true]);

    const off = await t.call('PUT', `${USERS}/status`, { token: tok.admin, body: { userCode: 'leader', status: 'N' } });
    expect(off.body.code).toBe(0);
    expect(await viewerOf(t.ctx.db, 'leader')).toBeNull();
    expect(await readable()).toEqual([false, false, false]);
  });
});
