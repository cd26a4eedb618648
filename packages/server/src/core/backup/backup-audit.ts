import fs from 'node:fs';
import os from 'node:os';
import type { AppConfig } from '../../config';
import { openDatabase, type DbHandle } from '../../db/database';
import { auditEvent } from '../audit';

/**
 * Who ran a command on the machine (`npm run backup` / `restore` have no session): the operating-system account,
 * or the administrator behind `sudo` when the command was run through it (the wrapper of docs/deployment.md runs
 * as the service user).
 */
export const cliActor = (): string => `cli:${process.env.SUDO_USER || os.userInfo().username}`.slice(0, 64);

export interface CliAudit {
  action: 'backup.create' | 'backup.verify' | 'backup.restore' | 'data.rekey';
  /** the archive's file name */
  target: string;
  result: 'ok' | 'fail';
  detail?: Record<string, unknown>;
}

/** Appends the row to an open database: who (the OS account), on which machine, what, the result. */
export const writeCliAudit = (handle: DbHandle, e: CliAudit): Promise<void> =>
  auditEvent(handle.db, null, {
    action: e.action,
    target: e.target,
    result: e.result,
    userCode: cliActor(),
    detail: { via: 'cli', host: os.hostname(), osUser: os.userInfo().username, ...e.detail },
  });

/**
 * The audit row of a command-line backup action, in this installation's database, like the row the backups page's
 * buttons write. Where there is no database (a SQLite file not made yet, an archive checked on another machine)
 * nothing is written and nothing is created. Answers why no row was written, or null when it was.
 */
export async function auditFromCli(config: Pick<AppConfig, 'databaseUrl' | 'sqliteFile'>, e: CliAudit): Promise<string | null> {
  if (!config.databaseUrl && !fs.existsSync(config.sqliteFile)) return `本机没有数据库（${config.sqliteFile}），未写审计记录`;
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    await writeCliAudit(handle, e);
    return null;
  } catch (err) {
    return `审计记录未能写入：${(err as Error).message}`;
  } finally {
    await handle.close();
  }
}
