import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUPS_API } from '@oa/shared/contract/backups';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { tempDir, uploadText } from '../../../test/backup-kit';

import { blobRelPath, filesRootOf } from '../../core/files/file-store';

/** Temporary folders of this file, removed at the end. */
const scratchDirs: string[] = [];
const scratch = (dir: string) => {
  scratchDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of scratchDirs) fs.rmSync(d, { recursive: true, force: true });
});

const DIALECTS = await testDialects();
const api = (p: string) => `/oa${p}`;

describe.each(DIALECTS)('backups page routes on %s', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('lists nothing at first, starts one backup at a time, lists it verified, checks an archive only by its name', async () => {
    const dataDir = scratch(tempDir('backups-page'));
    const t = await createTestApp(dialect, { dataDir, sqliteFile: path.join(dataDir, 'oa.db') });
    apps.push(t);
    const admin = await t.login('admin');
    const list = async () => (await t.call('GET', api(BACKUPS_API.list), { token: admin })).body;

    const first = await list();
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ list: [], running: false, schedule: null, encryption: false });

    // the first start takes the folder's lock before it answers: a second start is refused while it runs
    const started = await t.call('POST', api(BACKUPS_API.start), { token: admin, body: {} });
    expect(started.body.code).toBe(0);
    expect((await list()).data.running).toBe(true);
    const second = await t.call('POST', api(BACKUPS_API.start), { token: admin, body: {} });
    expect(second.status).toBe(200);
    expect(second.body.code).not.toBe(0);
    expect(second.body.message).toBe('已有一个备份正在进行，请稍后再试');

    let answer = await list();
    for (let i = 0; answer.data.running && i < 600; i++) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await list();
    }
    expect(answer.data.running).toBe(false);
    expect(answer.data.list).toHaveLength(1);
    const made = answer.data.list[0];
    expect(made).toMatchObject({ kind: 'manual', encrypted: false, verification: { state: 'ok', message: '已校验' } });
    expect(made.size).toBe(fs.statSync(path.join(t.config.backup.dir, made.name)).size);

    // a check of the named archive: fine, then refused once its bytes are damaged
    const ok = await t.call('POST', api(BACKUPS_API.verify), { token: admin, body: { name: made.name } });
    expect(ok.body.data).toEqual({ ok: true, message: '已校验' });
    const file = path.join(t.config.backup.dir, made.name);
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    fs.writeFileSync(file, bytes);
    const bad = await t.call('POST', api(BACKUPS_API.verify), { token: admin, body: { name: made.name } });
    expect(bad.body.data.ok).toBe(false);
    expect(bad.body.data.message).toContain(`备份 ${made.name} 不能使用`);
    expect((await list()).data.list[0].verification).toMatchObject({ state: 'failed' });

    // never a path: a name outside the listing's form is a 400, a well-formed name not in the folder a 404
    const outside = path.join(dataDir, 'oa-backup-20240101T000000Z-manual-abcd.tar.gz');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.copyFileSync(file, outside);
    for (const name of ['../oa-backup-20240101T000000Z-manual-abcd.tar.gz', outside, 'oa.db']) {
      const r = await t.call('POST', api(BACKUPS_API.verify), { token: admin, body: { name } });
      expect(r.status, name).toBe(400);
    }
    const missing = await t.call('POST', api(BACKUPS_API.verify), {
      token: admin,
      body: { name: 'oa-backup-20240101T000000Z-manual-abcd.tar.gz' },
    });
    expect(missing.status).toBe(404);

    // every start is audited, the refused one too
    const audit = await t.ctx.db
      .selectFrom('sys_audit')
      .select(['user_code', 'result'])
      .where('action', '=', 'backup.start')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { user_code: 'admin', result: 'ok' },
      { user_code: 'admin', result: 'fail' },
    ]);
  });

  it('shows a backup that could not be made until the next one succeeds', async () => {
    const dataDir = scratch(tempDir('backups-failed'));
    const t = await createTestApp(dialect, { dataDir, sqliteFile: path.join(dataDir, 'oa.db') });
    apps.push(t);
    const admin = await t.login('admin');
    const list = async () => (await t.call('GET', api(BACKUPS_API.list), { token: admin })).body.data;
    const waitIdle = async () => {
      for (let i = 0; (await list()).running && i < 600; i++) await new Promise((r) => setTimeout(r, 100));
    };
    // a file whose blob is gone from the store: the backup refuses to be made without it
    const stored = await uploadText(t.ctx, '会丢失的文件');
    const blob = path.join(filesRootOf(dataDir), blobRelPath(stored.sha256));
    const aside = `${blob}.aside`;
    fs.renameSync(blob, aside);
    expect((await t.call('POST', api(BACKUPS_API.start), { token: admin, body: {} })).body.code).toBe(0);
    await waitIdle();
    const failed = await list();
    expect(failed.list).toEqual([]);
    expect(failed.lastFailure).toMatchObject({ kind: 'manual', message: `文件库缺少文件 ${stored.sha256}（数据库中有它的记录）` });

    fs.renameSync(aside, blob);
    expect((await t.call('POST', api(BACKUPS_API.start), { token: admin, body: {} })).body.code).toBe(0);
    await waitIdle();
    const fine = await list();
    expect(fine.list).toHaveLength(1);
    expect(fine.lastFailure).toBeNull();
  });

  it('is the administrator’s: staff are refused every route', async () => {
    const t = await createTestApp(dialect);
    apps.push(t);
    const staff = await t.login('staff');
    expect((await t.call('GET', api(BACKUPS_API.list), { token: staff })).status).toBe(403);
    expect((await t.call('POST', api(BACKUPS_API.start), { token: staff, body: {} })).status).toBe(403);
    const v = await t.call('POST', api(BACKUPS_API.verify), {
      token: staff,
      body: { name: 'oa-backup-20240101T000000Z-manual-abcd.tar.gz' },
    });
    expect(v.status).toBe(403);
    expect(fs.existsSync(t.config.backup.dir) && fs.readdirSync(t.config.backup.dir).length > 0).toBe(false);
  });
});
