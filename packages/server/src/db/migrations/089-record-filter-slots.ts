import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/** How many slot columns (`facet_1` …) PostgreSQL's business_record has for the values of filterable form fields. */
const FILTER_SLOT_COLUMNS = 6;

/**
 * PostgreSQL only (issue 18): the values of the form fields a module filters by, copied out of the `data` JSON into
 * plain jsonb columns `facet_1` … `facet_6`, so that their indexes can be read index-only. PostgreSQL never reads an
 * index of an expression (`data::jsonb ->> 'sealType'`) index-only: the capped total of a list filtered by a form
 * field read up to 10,001 table rows, each on its own page (22–34 ms at 1,000,000 records, on every first visit
 * after a write). Which field of which module goes to which column is kept in `record_filter_slot`, written at
 * start-up from the declarations (db/record-field-indexes.ts `syncFilterSlots`), and a row trigger fills the
 * columns on every insert and every update of `data` or `module`. SQLite reads its expression indexes as covering
 * indexes and needs none of this.
 */
export const m089RecordFilterSlots: OaMigration = {
  name: '089-record-filter-slots',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    if (dialect !== 'postgres') return;
    const db = raw as Kysely<any>;
    const slots = Array.from({ length: FILTER_SLOT_COLUMNS }, (_, i) => i + 1);
    for (const n of slots) await db.schema.alterTable('business_record').addColumn(`facet_${n}`, 'jsonb').execute();
    await db.schema
      .createTable('record_filter_slot')
      .addColumn('module', 'varchar(64)', (c) => c.notNull())
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('field', 'varchar(64)', (c) => c.notNull())
      // the end of a date range ([start, end]: 0 or 1); null for a field compared as a whole
      .addColumn('part', 'integer')
      // numbers keep their jsonb value (compared numerically); every other kind its text, as `->>` gives it
      .addColumn('is_number', 'boolean', (c) => c.notNull())
      .addPrimaryKeyConstraint('record_filter_slot_pk', ['module', 'slot'])
      .execute();
    const clear = slots.map((n) => `NEW.facet_${n} := NULL;`).join(' ');
    const assign = slots.map((n) => `WHEN ${n} THEN NEW.facet_${n} := v;`).join(' ');
    await sql`CREATE OR REPLACE FUNCTION oa_record_facets() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        d jsonb;
        s record;
        v jsonb;
      BEGIN
        ${sql.raw(clear)}
        FOR s IN SELECT slot, field, part, is_number FROM record_filter_slot WHERE module = NEW.module LOOP
          IF d IS NULL THEN d := NEW.data::jsonb; END IF;
          v := d -> s.field;
          IF s.part IS NOT NULL THEN v := v -> s.part; END IF;
          IF NOT s.is_number THEN v := to_jsonb(v #>> '{}'); END IF;
          CASE s.slot ${sql.raw(assign)} ELSE NULL; END CASE;
        END LOOP;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER business_record_facets BEFORE INSERT OR UPDATE OF data, module ON business_record
      FOR EACH ROW EXECUTE FUNCTION oa_record_facets()`.execute(db);
  },
};
