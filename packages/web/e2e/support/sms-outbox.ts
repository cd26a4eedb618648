import path from 'node:path';
import Database from 'better-sqlite3';
import { e2eDataDir } from './e2e-env';

/**
 * The last SMS code sent to a mobile, read from the development SMS provider's outbox in the e2e
 * server's SQLite database (the `console` provider keeps every message there).
 */
export function latestSmsCode(mobile: string): string {
  const db = new Database(path.join(e2eDataDir('main'), 'oa.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT content FROM sys_sms_outbox WHERE mobile = ? ORDER BY id DESC LIMIT 1').get(mobile) as
      { content: string } | undefined;
    const code = row ? /(\d{6})/.exec(row.content)?.[1] : undefined;
    if (!code) throw new Error(`no SMS code in the outbox for ${mobile}`);
    return code;
  } finally {
    db.close();
  }
}
