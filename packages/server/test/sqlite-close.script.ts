/**
 * Run as its own process by sqlite-driver.test.ts: writes a WAL of some MB that the checkpointer has not copied yet,
 * then closes the database and says so. A close that leaves nothing keeping the process alive while the checkpointer
 * finishes never reaches the last line (the process ends with exit code 13, its await unsettled).
 */
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { openSqlite } from '../src/db/sqlite-driver';

const db = new Kysely<unknown>({ dialect: openSqlite(path.join(process.argv[2]!, 'oa.db'), { checkpointEveryMs: 60_000 }) });
await sql`create table big (s text)`.execute(db);
await db.transaction().execute(async (trx) => {
  for (let i = 0; i < 40; i++)
    await sql`insert into big (s) select printf('%.300c', 'x') from (with recursive k(n) as (select 1 union all select n + 1 from k where n < 500) select n from k)`.execute(
      trx,
    );
});
await db.destroy();
process.stdout.write('closed\n');
