import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * SQLite: the title trigram table of migration 070 was keyed by business_record's rowid, which a VACUUM may
 * renumber (the table has no INTEGER PRIMARY KEY), silently pointing titles at other records. It is rebuilt
 * keyed by the record id: an FTS5 table with an UNINDEXED `id` column (a keyword search reads the matching
 * ids from it), whose own rowid comes from `business_record_title_key` (INTEGER PRIMARY KEY, stable across a
 * VACUUM; its unique id finds a record's entry when the title changes or the record is deleted).
 * PostgreSQL has no such table (a pg_trgm GIN on lower(title)).
 */
export const m074TitleFtsById: OaMigration = {
  name: '074-title-fts-by-id',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    if (dialect !== 'sqlite') return;
    const db = raw as Kysely<any>;
    for (const t of ['business_record_title_ai', 'business_record_title_ad', 'business_record_title_au'])
      await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
    await sql`drop table if exists business_record_title_fts`.execute(db);
    await sql`create table business_record_title_key (seq integer primary key, id varchar(40) not null unique)`.execute(db);
    await sql`create virtual table business_record_title_fts using fts5(id unindexed, title, tokenize='trigram')`.execute(db);
    await sql`create trigger business_record_title_ai after insert on business_record begin
      insert into business_record_title_key (id) values (new.id);
      insert into business_record_title_fts (rowid, id, title)
        values ((select seq from business_record_title_key where id = new.id), new.id, new.title); end`.execute(db);
    await sql`create trigger business_record_title_ad after delete on business_record begin
      delete from business_record_title_fts where rowid = (select seq from business_record_title_key where id = old.id);
      delete from business_record_title_key where id = old.id; end`.execute(db);
    await sql`create trigger business_record_title_au after update of title on business_record when new.title is not old.title begin
      update business_record_title_fts set title = new.title
        where rowid = (select seq from business_record_title_key where id = new.id); end`.execute(db);
    await sql`insert into business_record_title_key (id) select id from business_record order by created_at, id`.execute(db);
    await sql`insert into business_record_title_fts (rowid, id, title)
      select k.seq, r.id, r.title from business_record_title_key k join business_record r on r.id = k.id`.execute(db);
  },
};
