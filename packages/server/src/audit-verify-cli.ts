import { loadConfig } from './config';
import { exitWith } from './lib/cli-exit';
import { loadFieldKeys } from './core/crypto/field-keys';
import { verifyAndRecord } from './core/audit/verify';
import { checkArchiveFile } from './core/audit/archive';
import { loadAuditSigner } from './core/audit/signer';
import { cliActor } from './core/backup/backup-audit';
import { openDatabase } from './db/database';
import { migrationLevel } from './db/migrate';

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * `npm run audit:verify` — walks the audit's SM3 chain and names the first broken link (exit 2), or says it is whole
 * (exit 0); the outcome is kept for the 安全审计 page and the 等保 self-check. `-- --archive <file>` checks an archive
 * file retention wrote instead: its SM2 signature, its file hash and its chain.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const at = process.argv.indexOf('--archive');
  if (at >= 0) {
    const file = process.argv[at + 1];
    if (!file) throw new Error('请在 --archive 之后给出归档文件');
    const r = checkArchiveFile(file, loadAuditSigner(config).signer.publicKey);
    say(r.message);
    return r.intact ? 0 : 2;
  }
  const { keys, warning } = loadFieldKeys(config);
  if (warning) process.stderr.write(`${warning}\n`);
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    if ((await migrationLevel(handle)).pending.length)
      throw new Error('数据库尚未迁移到本版本：请先启动本版本的服务完成迁移，再运行 audit:verify');
    const report = await verifyAndRecord(handle.db, keys, cliActor());
    say(report.message);
    return report.intact ? 0 : 2;
  } finally {
    await handle.close();
  }
}

exitWith(main());
