import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { FieldKeyring } from '../../lib/field-cipher';

/** A migration that knows the dialect it runs on (auto-increment ids differ). */
export interface OaMigration {
  name: string;
  /** `keys`: the data keys, for a migration that encrypts sensitive values (absent: none configured for this run) */
  up(db: Kysely<any>, dialect: Dialect, keys?: FieldKeyring): Promise<void>;
}

/** Adds an auto-increment integer primary key `id` in either dialect. */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'bigserial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : t.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}
