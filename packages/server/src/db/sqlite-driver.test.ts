import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqlite } from './sqlite-driver';

interface Db {
  t: { n: number };
}

describe('SQLite writer and reader (issue 18)', () => {
  const opened: { db: Kysely<Db>; dir: string }[] = [];
  const open = async (checkpointEveryMs?: number) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-sqlite-driver-'));
    const db = new Kysely<Db>({ dialect: openSqlite(path.join(dir, 'oa.db'), { checkpointEveryMs }) });
    await sql`create table t (n integer)`.execute(db);
    await db
      .insertInto('t')
      .values([{ n: 1 }, { n: 2 }])
      .execute();
    opened.push({ db, dir });
    return db;
  };
  const count = async (db: Kysely<Db>) =>
    Number(
      (
        await db
          .selectFrom('t')
          .select((eb) => eb.fn.countAll().as('c'))
          .executeTakeFirstOrThrow()
      ).c,
    );
  afterEach(async () => {
    for (const { db, dir } of opened.splice(0)) {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a read while a transaction is open, with what was committed, and a write after the commit', async () => {
    const db = await open();
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let inserted!: () => void;
    const insertedInTx = new Promise<void>((resolve) => (inserted = resolve));
    const tx = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ n: 3 }).execute();
      expect(await count(trx as unknown as Kysely<Db>)).toBe(3); // the transaction sees its own row
      inserted();
      await held;
    });
    await insertedInTx;

    expect(await count(db)).toBe(2); // not kept waiting: the reader, at the last commit
    const order: string[] = [];
    const write = db
      .insertInto('t')
      .values({ n: 4 })
      .execute()
      .then(() => order.push('write'));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]); // a write waits for the writer's turn
    order.push('commit');
    finish();
    await tx;
    await write;
    expect(order).toEqual(['commit', 'write']);
    expect(await count(db)).toBe(4);
  });

  it('sees a write outside a transaction in the very next read, and INSERT … RETURNING goes to the writer', async () => {
    const db = await open();
    const row = await db.insertInto('t').values({ n: 9 }).returning('n').executeTakeFirstOrThrow();
    expect(row.n).toBe(9);
    expect(await count(db)).toBe(3);
    await db.deleteFrom('t').where('n', '=', 9).execute();
    expect(await count(db)).toBe(2);
  });

  it('gives the writer back after a rollback, and after a failed statement', async () => {
    const db = await open();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ n: 5 }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(sql`insert into missing values (1)`.execute(db)).rejects.toThrow(/no such table/);
    await db.insertInto('t').values({ n: 6 }).execute();
    expect((await db.selectFrom('t').select('n').orderBy('n').execute()).map((r) => r.n)).toEqual([1, 2, 6]);
  });

  it('follows schema changes: an index made, dropped and made again, a new column and a new table read at once', async () => {
    const db = await open();
    await db.connection().execute(async (c) => {
      // as Kysely's migrator runs a migration: one connection, no transaction
      await sql`create table v (a integer, b integer)`.execute(c);
      await c.schema.createIndex('idx_v').on('v').columns(['a']).execute();
      await c.schema.dropIndex('idx_v').execute();
      await c.schema.createIndex('idx_v').on('v').columns(['a', 'b']).execute(); // refused if asked of the reader's older schema
    });
    await sql`alter table t add column label text`.execute(db);
    expect((await sql<{ label: null }>`select label from t limit 1`.execute(db)).rows).toEqual([{ label: null }]);
    await sql`create table u (m integer)`.execute(db);
    expect((await sql`select m from u`.execute(db)).rows).toEqual([]);
  });

  it('runs transactions one after another: the second begins when the first has committed', async () => {
    const db = await open();
    const seen: number[] = [];
    await Promise.all(
      [10, 20].map((n) =>
        db.transaction().execute(async (trx) => {
          const before = await count(trx as unknown as Kysely<Db>);
          await new Promise((r) => setTimeout(r, 10));
          await trx.insertInto('t').values({ n }).execute();
          seen.push(before);
        }),
      ),
    );
    expect(seen).toEqual([2, 3]);
  });

  it("checkpoints the WAL on the checkpointer's thread, not in the writer's commit", async () => {
    const db = await open(2_000);
    const file = path.join(opened.at(-1)!.dir, 'oa.db');
    const size = () => fs.statSync(file).size;
    await sql`create table big (s text)`.execute(db);
    await vi.waitFor(() => expect(size()).toBeGreaterThan(0), { timeout: 5_000 }); // the schema's first checkpoint
    const before = size();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 40; i++)
        await sql`insert into big (s) select printf('%.300c', 'x') from (with recursive k(n) as (select 1 union all select n + 1 from k where n < 500) select n from k)`.execute(
          trx,
        );
    });
    // 20,000 rows of 300 bytes: far past the 1,000 pages at which a writer would checkpoint in its commit
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(5_000_000);
    expect(size()).toBe(before);
    await vi.waitFor(() => expect(size()).toBeGreaterThan(before + 5_000_000), { timeout: 10_000, interval: 100 });
    expect(await sql<{ c: number }>`select count(*) as c from big`.execute(db).then((r) => r.rows[0].c)).toBe(20_000);
  });

  it('a close waits for the last checkpoint, also in a process with nothing else to do', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-sqlite-close-'));
    try {
      const script = path.join(import.meta.dirname, '../../test/sqlite-close.script.ts');
      const out = execFileSync(process.execPath, ['--import', 'tsx', script, dir], { encoding: 'utf8', timeout: 60_000 });
      expect(out).toBe('closed\n');
      // the last checkpoint copied the WAL into the database file
      expect(fs.statSync(path.join(dir, 'oa.db')).size).toBeGreaterThan(5_000_000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
