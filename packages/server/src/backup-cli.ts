import path from 'node:path';
import { loadConfig, type AppConfig } from './config';
import { exitWith } from './lib/cli-exit';
import { runBackup, recheckBackup } from './core/backup/backup-run';
import { restoreBackup } from './core/backup/backup-restore';
import { auditFromCli, writeCliAudit, type CliAudit } from './core/backup/backup-audit';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { loadFieldKeys } from './core/crypto/field-keys';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The audit row of what the command did; a row that could not be written is said, the command's outcome stands. */
async function audit(config: AppConfig, e: CliAudit): Promise<void> {
  const problem = await auditFromCli(config, e);
  if (problem) process.stderr.write(`${problem}\n`);
}

async function verify(config: AppConfig, archive: string | undefined): Promise<number> {
  if (!archive) throw new Error('请给出要校验的备份文件：npm run backup -- --verify <文件>');
  const r = await recheckBackup(config, path.resolve(archive));
  say(r.ok ? `备份 ${path.basename(archive)} 完好：${r.message}` : r.message);
  await audit(config, {
    action: 'backup.verify',
    target: path.basename(archive),
    result: r.ok ? 'ok' : 'fail',
    detail: { message: r.message },
  });
  return r.ok ? 0 : 2;
}

async function backup(config: AppConfig): Promise<number> {
  let r: Awaited<ReturnType<typeof runBackup>>;
  try {
    r = await runBackup(config, 'manual');
  } catch (e) {
    await audit(config, { action: 'backup.create', target: 'manual', result: 'fail', detail: { message: (e as Error).message } });
    throw e;
  }
  const files = r.manifest.entries.length - 1;
  say(`备份完成：${r.file}`);
  say(
    `迁移级别 ${r.manifest.migration ?? '（空）'}，${Object.keys(r.manifest.tables).length} 张表，${files} 个文件，${r.verified ? '已校验' : '校验失败'}`,
  );
  await audit(config, {
    action: 'backup.create',
    target: path.basename(r.file),
    result: r.verified ? 'ok' : 'fail',
    detail: { migration: r.manifest.migration, tables: Object.keys(r.manifest.tables).length, files },
  });
  return r.verified ? 0 : 2;
}

/** Restores, migrates forward, and writes the restore's audit row into the restored database. */
async function restore(config: AppConfig, archive: string | undefined): Promise<number> {
  if (!archive) throw new Error('请给出要恢复的备份文件：npm run restore <文件>');
  await restoreBackup(path.resolve(archive), config, config.backup.key, config.backup.dir);
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(handle, [], loadFieldKeys(config).keys);
    await writeCliAudit(handle, { action: 'backup.restore', target: path.basename(archive), result: 'ok' });
  } finally {
    await handle.close();
  }
  say(`已恢复 ${path.basename(archive)} 到 ${config.databaseUrl ? 'PostgreSQL 数据库' : config.sqliteFile}，并迁移到本版本`);
  return 0;
}

/**
 * `npm run backup` — one backup now (the server may be running);
 * `npm run backup -- --verify <archive>` — check an archive without restoring;
 * `npm run restore <archive>` — restore into an empty data folder / database, then migrate forward.
 * Each leaves an audit row (who: `cli:<OS account>`), as the backups page's buttons do.
 */
async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  const [command, ...rest] = argv;
  const verifyAt = rest.indexOf('--verify');
  if (command === 'backup' && verifyAt >= 0) return verify(config, rest[verifyAt + 1]);
  if (command === 'backup') return backup(config);
  if (command === 'restore')
    return restore(
      config,
      rest.find((a) => !a.startsWith('--')),
    );
  throw new Error('用法：backup-cli backup [--verify <文件>] | restore <文件>');
}

exitWith(main(process.argv.slice(2)));
