import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { openSqlite } from './sqlite-driver';

interface Db {
  t: { n: number; b: Buffer | null };
}

/** A read that steps `steps` rows of a recursive CTE and answers one row in 1,000: seconds of work, rows all along. */
const slowRead = (db: Kysely<Db>, steps: number) =>
  sql<{ n: number }>`with recursive k(n) as (select 1 union all select n + 1 from k where n < ${steps})
    select n from k where n % 1000 = 0`.execute(db);

describe('SQLite reads on reader threads, each with a time budget (issue 35)', () => {
  const opened: { db: Kysely<Db>; dir: string }[] = [];
  const open = async (opts: { readers?: number; statementTimeoutMs?: number } = {}) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-sqlite-readers-'));
    const db = new Kysely<Db>({ dialect: openSqlite(path.join(dir, 'oa.db'), opts) });
    await sql`create table t (n integer, b blob)`.execute(db);
    await db
      .insertInto('t')
      .values([
        { n: 1, b: null },
        { n: 2, b: Buffer.from([0, 1, 255]) },
      ])
      .execute();
    opened.push({ db, dir });
    return db;
  };
  const ns = async (db: Kysely<Db>) => (await db.selectFrom('t').select('n').orderBy('n').execute()).map((r) => r.n);
  afterEach(async () => {
    for (const { db, dir } of opened.splice(0)) {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs a slow read off the event loop: timers and other reads are answered while it is still running', async () => {
    const db = await open();
    const order: string[] = [];
    const slow = slowRead(db, 5_000_000).then(() => order.push('slow read'));
    await new Promise((r) => setTimeout(r, 10)); // the event loop turns while the slow read runs
    order.push('timer');
    expect(await ns(db)).toEqual([1, 2]); // the second reader answers
    order.push('quick read');
    await db.insertInto('t').values({ n: 3, b: null }).execute(); // and the writer writes
    order.push('write');
    expect(order).toEqual(['timer', 'quick read', 'write']);
    await slow;
    expect(order.at(-1)).toBe('slow read');
  }, 60_000); // seconds of CPU on purpose: more on a loaded machine

  it('starts a spare reader while every kept one is busy: two slow reads never hold a quick one back', async () => {
    const db = await open({ readers: 2 });
    const order: string[] = [];
    const slow = [slowRead(db, 5_000_000), slowRead(db, 5_000_000)].map((p) => p.then(() => order.push('slow read')));
    await new Promise((r) => setTimeout(r, 10)); // both kept readers are stepping their slow reads
    expect(await ns(db)).toEqual([1, 2]); // a spare reader answers
    order.push('quick read');
    await Promise.all(slow);
    expect(order).toEqual(['quick read', 'slow read', 'slow read']);
  }, 60_000); // seconds of CPU on purpose: more on a loaded machine

  it('answers a read past its budget with 503 查询超时, and the readers serve the next reads', async () => {
    const db = await open({ readers: 2, statementTimeoutMs: 1_000 });
    const late = await Promise.allSettled([slowRead(db, 2_000_000_000), slowRead(db, 2_000_000_000), slowRead(db, 2_000_000_000)]);
    for (const r of late) {
      expect(r.status).toBe('rejected');
      const e = (r as PromiseRejectedResult).reason as AppError;
      expect(e).toBeInstanceOf(AppError);
      expect([e.status, e.code, e.message]).toEqual([503, 503, '查询超时，请缩小查询范围后重试']);
    }
    // both threads were replaced: reads go on, with what was committed
    expect(await Promise.all([ns(db), ns(db), ns(db)])).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect((await slowRead(db, 100_000)).rows).toHaveLength(100);
  });

  it('reads its own writes inside a transaction (on the writer), and committed writes outside one', async () => {
    const db = await open();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ n: 7, b: null }).execute();
      expect(await ns(trx)).toEqual([1, 2, 7]);
      expect(await ns(db)).toEqual([1, 2]); // a reader: not yet committed
    });
    expect(await ns(db)).toEqual([1, 2, 7]);
    await db.deleteFrom('t').where('n', '=', 7).execute();
    expect(await ns(db)).toEqual([1, 2]);
  });

  it('answers blobs as Buffers, and a wrong query with its error', async () => {
    const db = await open();
    const row = await db.selectFrom('t').select('b').where('n', '=', 2).executeTakeFirstOrThrow();
    expect(Buffer.isBuffer(row.b)).toBe(true);
    expect([...row.b!]).toEqual([0, 1, 255]);
    await expect(sql`select nope from t`.execute(db)).rejects.toThrow(/no such column/);
    await expect(sql`select n from t where n = abs(-9223372036854775808)`.execute(db)).rejects.toMatchObject({
      name: 'SqliteError',
      code: 'SQLITE_ERROR',
      message: 'integer overflow',
    });
    expect(await ns(db)).toEqual([1, 2]);
  });
});
