import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * Keywords on process instances (issue 18): the process monitor's keyword (`title` or `serial_no` contains it)
 * read every instance: at 1,000,000 records (100,000 instances) SQLite took 41 ms for a page of a rare keyword
 * and 17 ms for its count. A trigram index of both columns finds the few instances a rare keyword names
 * (engines/workflow/instance-keywords.repository.ts); the lists check the keyword on those rows.
 * SQLite: an FTS5 trigram table keyed like business_record_title_fts (migration 074): its own rowid comes from
 * `wf_instance_text_key` (INTEGER PRIMARY KEY, stable across a VACUUM), and an UNINDEXED `id` column gives the
 * instance. PostgreSQL: pg_trgm GIN indexes of `title` and `serial_no` (the extension since migration 070).
 */
export const m086InstanceKeywords: OaMigration = {
  name: '086-instance-keywords',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    const db = raw as Kysely<any>;
    if (dialect === 'postgres') {
      await sql`create index idx_wf_inst_title_trgm on wf_instance using gin (title gin_trgm_ops)`.execute(db);
      await sql`create index idx_wf_inst_serial_trgm on wf_instance using gin (serial_no gin_trgm_ops)`.execute(db);
      return;
    }
    await sql`create table wf_instance_text_key (seq integer primary key, id varchar(64) not null unique)`.execute(db);
    await sql`create virtual table wf_instance_text_fts using fts5(id unindexed, title, serial_no, tokenize='trigram')`.execute(db);
    await sql`create trigger wf_instance_text_ai after insert on wf_instance begin
      insert into wf_instance_text_key (id) values (new.id);
      insert into wf_instance_text_fts (rowid, id, title, serial_no)
        values ((select seq from wf_instance_text_key where id = new.id), new.id, new.title, new.serial_no); end`.execute(db);
    await sql`create trigger wf_instance_text_ad after delete on wf_instance begin
      delete from wf_instance_text_fts where rowid = (select seq from wf_instance_text_key where id = old.id);
      delete from wf_instance_text_key where id = old.id; end`.execute(db);
    await sql`create trigger wf_instance_text_au after update of title, serial_no on wf_instance
      when new.title is not old.title or new.serial_no is not old.serial_no begin
      update wf_instance_text_fts set title = new.title, serial_no = new.serial_no
        where rowid = (select seq from wf_instance_text_key where id = new.id); end`.execute(db);
    await sql`insert into wf_instance_text_key (id) select id from wf_instance order by started_at, id`.execute(db);
    await sql`insert into wf_instance_text_fts (rowid, id, title, serial_no)
      select k.seq, i.id, i.title, i.serial_no from wf_instance_text_key k join wf_instance i on i.id = k.id`.execute(db);
  },
};
