import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects } from '../test/harness';
import { damagedCopy, emptyPgDatabase, openReader, tempDir, uploadText } from '../test/backup-kit';
import { dropPgDatabase } from '../test/test-databases';
import { listBackups } from './core/backup/backup-register';

const REPO = path.resolve(import.meta.dirname, '../../..');
// the compiled command, as the deployment's wrapper runs it (vitest's global setup builds it with the server)
const CLI = path.join(REPO, 'packages/server/dist/backup-cli.mjs');
const WHO = `cli:${process.env.SUDO_USER || os.userInfo().username}`;

interface Outcome {
  code: number;
  out: string;
  err: string;
}

/** `npm run backup|restore …` as an administrator types it: the command in its own process, configured by the environment. */
const cli = (args: string[], env: Record<string, string>) =>
  new Promise<Outcome>((resolve) => {
    execFile(
      process.execPath,
      ['--enable-source-maps', CLI, ...args],
      { cwd: REPO, env: { ...process.env, DATABASE_URL: '', OA_BACKUP_KEY: '', ...env }, timeout: 120_000 },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });

const DIALECTS = await testDialects();

describe.each(DIALECTS)('npm run backup / restore on %s', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('backs up while the server runs, checks archives by name, restores into an empty place: each leaves an audit row', async () => {
    const dataDir = tempDir('cli-src');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const t = await createTestApp(dialect, { dataDir, sqliteFile: path.join(dataDir, 'oa.db') });
    cleanups.push(() => t.close());
    await uploadText(t.ctx, '命令行备份里的文件');
    const env = { OA_DATA_DIR: dataDir, DATABASE_URL: t.config.databaseUrl ?? '', OA_BACKUP_DIR: t.config.backup.dir };
    const auditRows = (action: string) =>
      t.ctx.db
        .selectFrom('sys_audit')
        .select(['user_code', 'target', 'result', 'detail'])
        .where('action', '=', action)
        .orderBy('id')
        .execute();

    const made = await cli(['backup'], env);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('备份完成');
    const [listed] = listBackups(t.config.backup.dir);
    expect(listed).toMatchObject({ kind: 'manual', verification: { state: 'ok' } });
    const created = await auditRows('backup.create');
    expect(created).toMatchObject([{ user_code: WHO, target: listed.name, result: 'ok' }]);
    expect(JSON.parse(created[0].detail ?? '{}')).toMatchObject({ via: 'cli', host: os.hostname(), osUser: os.userInfo().username });

    const archive = path.join(t.config.backup.dir, listed.name);
    const good = await cli(['backup', '--verify', archive], env);
    expect(good.code, good.err).toBe(0);
    expect(good.out).toContain(`备份 ${listed.name} 完好`);
    const work = tempDir('cli-damaged');
    fs.mkdirSync(work);
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
    const bad = damagedCopy(archive, work);
    const refused = await cli(['backup', '--verify', bad], env);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain(`备份 ${path.basename(bad)} 不能使用`);
    expect(await auditRows('backup.verify')).toMatchObject([
      { user_code: WHO, target: listed.name, result: 'ok' },
      { user_code: WHO, target: path.basename(bad), result: 'fail' },
    ]);

    // restore into an empty data folder (and an empty PostgreSQL database): the restored database records it
    const target = tempDir('cli-dst');
    cleanups.push(() => fs.rmSync(target, { recursive: true, force: true }));
    const pgTarget = dialect === 'postgres' ? await emptyPgDatabase() : undefined;
    if (pgTarget) cleanups.push(() => dropPgDatabase(pgTarget.name));
    // run through sudo this time: the administrator behind it is who restored
    const restored = await cli(['restore', archive], { OA_DATA_DIR: target, DATABASE_URL: pgTarget?.url ?? '', SUDO_USER: 'it-admin' });
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toContain(`已恢复 ${listed.name}`);
    const reader = await openReader({ sqliteFile: path.join(target, 'oa.db'), databaseUrl: pgTarget?.url });
    const rows = await reader.read("select user_code, target, result from sys_audit where action like 'backup.%' order by id");
    await reader.close();
    // the backup's own row came after its moment: the restored database has only the restore's
    expect(rows).toEqual([{ user_code: 'cli:it-admin', target: listed.name, result: 'ok' }]);
  }, 180_000); // five commands, each a process of its own
});
