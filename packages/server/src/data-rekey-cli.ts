import { loadConfig } from './config';
import { exitWith } from './lib/cli-exit';
import { loadFieldKeys } from './core/crypto/field-keys';
import { resealColumns, sealedColumnState } from './db/sealed-columns';
import { writeCliAudit } from './core/backup/backup-audit';
import { openDatabase } from './db/database';
import { migrationLevel } from './db/migrate';

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * `npm run data:rekey` — encrypts every sensitive value again under the newest data key (the first of OA_DATA_KEYS),
 * and any plaintext left. Resumable: a value already under the newest key is skipped, so a stopped run is simply
 * run again. Reports counts per column and leaves an audit row. Exit 0 when nothing is left under an older key.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const { keys, warning } = loadFieldKeys(config);
  if (warning) process.stderr.write(`${warning}\n`);
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    if ((await migrationLevel(handle)).pending.length)
      throw new Error('数据库尚未迁移到本版本：请先启动本版本的服务完成迁移，再运行 data:rekey');
    say(`以密钥 ${keys.current.id} 重新加密敏感字段（共 ${keys.all.size} 把密钥可解密）…`);
    let counts: Awaited<ReturnType<typeof resealColumns>>;
    try {
      counts = await resealColumns(handle.db, keys, { rekey: true });
    } catch (e) {
      await writeCliAudit(handle, {
        action: 'data.rekey',
        target: keys.current.id,
        result: 'fail',
        detail: { message: (e as Error).message },
      });
      throw e;
    }
    for (const c of counts) say(`${c.column}：重新加密 ${c.rekeyed}，新加密明文 ${c.sealed}，已是最新密钥 ${c.current}`);
    const left = (await sealedColumnState(handle.db, keys)).reduce((n, s) => n + s.plaintext + s.olderKey + (s.hashOutdated ?? 0), 0);
    say(
      left
        ? `仍有 ${left} 个值未使用最新密钥（运行期间被修改），请再运行一次`
        : '完成：全部敏感字段已使用最新密钥，可从 OA_DATA_KEYS 中移除旧密钥',
    );
    await writeCliAudit(handle, {
      action: 'data.rekey',
      target: keys.current.id,
      result: left ? 'fail' : 'ok',
      detail: { keyIds: [...keys.all.keys()], counts, left },
    });
    return left ? 2 : 0;
  } finally {
    await handle.close();
  }
}

exitWith(main());
