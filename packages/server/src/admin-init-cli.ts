import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { exitWith } from './lib/cli-exit';
import { cliActor } from './core/backup/backup-audit';
import {
  AdminInitRefused,
  adminAccounts,
  createAdministrators,
  resetAdministrator,
  type InitialAdmin,
} from './core/identity/initial-admins';
import { openDatabase } from './db/database';
import { migrationLevel } from './db/migrate';
import { seedStructure } from './db/seed/structure.seed';

const say = (line: string) => process.stdout.write(`${line}\n`);

function show(admins: InitialAdmin[], reset: boolean): void {
  say(reset ? '已重置账号的一次性密码（只显示这一次）：' : '已创建三员账号，一次性密码只显示这一次，请分别交给三位管理员本人：');
  for (const a of admins) say(`  ${a.roleName}  账号 ${a.userCode}  一次性密码 ${a.password}`);
  say('首次登录须先绑定验证器（双因素认证），再修改密码；一次性密码改后即失效。');
}

const USAGE = '用法：npm run admin:init [-- --system <账号> --security <账号> --audit <账号>] | npm run admin:init -- --reset <账号>';

function options() {
  try {
    const s = { type: 'string' } as const;
    return parseArgs({ options: { reset: s, system: s, security: s, audit: s }, strict: true }).values;
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${USAGE}`);
  }
}

/**
 * `npm run admin:init` — creates the three administrators of a new installation (系统管理员, 安全管理员, 审计管理员: one
 * account and one role each) with one-time passwords printed once; refused (exit 2, nothing changed) once they
 * exist. `-- --reset <account>` gives one of them a new one-time password (and removes its two factors).
 * `--system`, `--security`, `--audit` name the accounts (default admin, secadmin, auditor). Each run is audited.
 */
async function main(): Promise<number> {
  const values = options();
  const config = loadConfig();
  if (!config.databaseUrl && !fs.existsSync(config.sqliteFile))
    throw new Error(`本机没有数据库（${config.sqliteFile}）：请先启动一次服务（迁移并写入基础结构），再运行 admin:init`);
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    if ((await migrationLevel(handle)).pending.length)
      throw new Error('数据库尚未迁移到本版本：请先启动本版本的服务完成迁移，再运行 admin:init');
    await seedStructure(handle.db);
    const runner = { actor: cliActor(), detail: { via: 'cli', host: os.hostname(), osUser: os.userInfo().username } };
    if (values.reset !== undefined) {
      show([await resetAdministrator(handle.db, values.reset.trim(), runner)], true);
      return 0;
    }
    const accounts = adminAccounts({ admin: values.system, secadmin: values.security, auditadmin: values.audit });
    show(await createAdministrators(handle.db, accounts, runner), false);
    return 0;
  } catch (e) {
    if (!(e instanceof AdminInitRefused)) throw e;
    process.stderr.write(`${e.message}\n`);
    return 2;
  } finally {
    await handle.close();
  }
}

exitWith(main());
