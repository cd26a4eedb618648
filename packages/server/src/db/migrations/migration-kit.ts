import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/** A migration that knows the dialect it runs on (auto-increment ids differ). */
export interface OaMigration {
  name: string;
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** Adds an auto-increment integer primary key `id` in either dialect. */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'bigserial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : t.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}
