import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DbHandle } from './database';
import type { OaMigration } from './migrations/migration-kit';
import type { FieldKeyring } from '../lib/field-cipher';
import { m001Init } from './migrations/001-init';
import { m002Admin } from './migrations/002-admin';
import { m003PeopleFiles } from './migrations/003-people-files';
import { m004Workflow } from './migrations/004-workflow';
import { m005Records } from './migrations/005-records';
import { m006ApprovalExtras } from './migrations/006-approval-extras';
import { m008Security } from './migrations/008-security';
import { m020Meetings } from './migrations/020-meetings';
import { m050Subjects } from './migrations/050-subjects';
import { m040Office } from './migrations/040-office';
import { m030News } from './migrations/030-news';
import { m060Documents } from './migrations/060-documents';
import { m070RecordsScale } from './migrations/070-records-scale';
import { m071WorkflowScale } from './migrations/071-workflow-scale';
import { m072SearchGrams } from './migrations/072-search-grams';
import { m073DocumentsToRead } from './migrations/073-documents-to-read';
import { m074TitleFtsById } from './migrations/074-title-fts-by-id';
import { m075SearchScale } from './migrations/075-search-scale';
import { m076NewsReminders } from './migrations/076-news-reminders';
import { m077SearchRecency } from './migrations/077-search-recency';
import { m078PerRequest } from './migrations/078-per-request';
import { m079ListCovering } from './migrations/079-list-covering';
import { m080AreaListIndexes } from './migrations/080-area-list-indexes';
import { m081SearchReaderGrams } from './migrations/081-search-reader-grams';
import { m082DirectoryVersion } from './migrations/082-directory-version';
import { m083TaskModule } from './migrations/083-task-module';
import { m084RequestVersions } from './migrations/084-request-versions';
import { m085MonitorModuleStatus } from './migrations/085-monitor-module-status';
import { m086InstanceKeywords } from './migrations/086-instance-keywords';
import { m087DirectoryPinyin } from './migrations/087-directory-pinyin';
import { m088RecordVersion } from './migrations/088-record-version';
import { m089RecordFilterSlots } from './migrations/089-record-filter-slots';
import { m090InstanceKeys } from './migrations/090-instance-keys';
import { m091CacheTriggers } from './migrations/091-cache-triggers';
import { m092CheckedInAttends } from './migrations/092-checked-in-attends';
import { m093NotifyOutbox } from './migrations/093-notify-outbox';
import { m096OfficeWorkflow } from './migrations/096-office-workflow';
import { m104StepStats } from './migrations/104-step-stats';
import { m105PrintTemplate } from './migrations/105-print-template';
import { m106NotifyPrefs } from './migrations/106-notify-prefs';
import { m107PushSubscriptions } from './migrations/107-push-subscriptions';
import { m108AdminPages } from './migrations/108-admin-pages';
import { m109Sso } from './migrations/109-sso';
import { m110DirectorySync } from './migrations/110-directory-sync';
import { m111TwoFactors } from './migrations/111-two-factors';
import { m112ThreeAdmins } from './migrations/112-three-admins';
import { m114SealedFields } from './migrations/114-sealed-fields';
import { m115SealedRecords } from './migrations/115-sealed-records';
import { m116AccountSecurity } from './migrations/116-account-security';
import { m117AuditChain } from './migrations/117-audit-chain';
import { m118SealedMobiles } from './migrations/118-sealed-mobiles';
import { m120TitleByModule } from './migrations/120-title-by-module';
import { m121SmsCodeHash } from './migrations/121-sms-code-hash';
import { m122Seals } from './migrations/122-seals';
import { m124DocIssued } from './migrations/124-doc-issued';
import { m125MemberExchange } from './migrations/125-member-exchange';
import { m128ArchivePackage } from './migrations/128-archive-package';
import { m132MemberUnits } from './migrations/132-member-units';
import { m133AnswerMemo } from './migrations/133-answer-memo';
import { m135StepStatsFill } from './migrations/135-step-stats-fill';

/** Every migration in order. Append only; never edit one that has shipped. */
const MIGRATIONS: OaMigration[] = [
  m001Init,
  m002Admin,
  m003PeopleFiles,
  m004Workflow,
  m005Records,
  m006ApprovalExtras,
  m008Security,
  m020Meetings,
  m030News,
  m040Office,
  m050Subjects,
  m060Documents,
  m070RecordsScale,
  m071WorkflowScale,
  m072SearchGrams,
  m073DocumentsToRead,
  m074TitleFtsById,
  m075SearchScale,
  m076NewsReminders,
  m077SearchRecency,
  m078PerRequest,
  m079ListCovering,
  m080AreaListIndexes,
  m081SearchReaderGrams,
  m082DirectoryVersion,
  m083TaskModule,
  m084RequestVersions,
  m085MonitorModuleStatus,
  m086InstanceKeywords,
  m087DirectoryPinyin,
  m088RecordVersion,
  m089RecordFilterSlots,
  m090InstanceKeys,
  m091CacheTriggers,
  m092CheckedInAttends,
  m093NotifyOutbox,
  m096OfficeWorkflow,
  m104StepStats,
  m105PrintTemplate,
  m106NotifyPrefs,
  m107PushSubscriptions,
  m108AdminPages,
  m109Sso,
  m110DirectorySync,
  m111TwoFactors,
  m112ThreeAdmins,
  m114SealedFields,
  m115SealedRecords,
  m116AccountSecurity,
  m117AuditChain,
  m118SealedMobiles,
  m120TitleByModule,
  m121SmsCodeHash,
  m122Seals,
  m124DocIssued,
  m125MemberExchange,
  m128ArchivePackage,
  m132MemberUnits,
  m133AnswerMemo,
  m135StepStatsFill,
];

/** The migrations this version knows, in order (a backup or a database naming another is from a newer version). */
export const knownMigrations = (): string[] => MIGRATIONS.map((m) => m.name);

export interface MigrationLevel {
  applied: string[];
  /** known migrations not yet applied: starting this version runs them */
  pending: string[];
  /** applied migrations this version does not know: the database is from a newer version */
  unknown: string[];
}

/** Where a database stands against this version's migrations. */
export async function migrationLevel(handle: DbHandle, extra: OaMigration[] = []): Promise<MigrationLevel> {
  const known = [...MIGRATIONS, ...extra].map((m) => m.name);
  const tables = await handle.db.introspection.getTables();
  const applied = tables.some((t) => t.name === 'oa_migration')
    ? (
        await (handle.db as unknown as Kysely<{ oa_migration: { name: string } }>)
          .selectFrom('oa_migration')
          .select('name')
          .orderBy('name')
          .execute()
      ).map((r) => r.name)
    : [];
  const done = new Set(applied);
  const knownSet = new Set(known);
  return { applied, pending: known.filter((n) => !done.has(n)), unknown: applied.filter((n) => !knownSet.has(n)) };
}

/** The refusal to start against a database a newer version has migrated (nothing is changed). */
export function newerDatabaseRefusal(level: MigrationLevel): string | null {
  if (!level.unknown.length) return null;
  return `数据库来自更新的版本（本版本不认识迁移 ${level.unknown.join('、')}），拒绝启动：请运行该版本或更新的版本，或从本版本的备份恢复`;
}

export async function migrateToLatest(handle: DbHandle, extra: OaMigration[] = [], keys?: FieldKeyring): Promise<void> {
  const all = [...MIGRATIONS, ...extra];
  const refusal = newerDatabaseRefusal(await migrationLevel(handle, extra));
  if (refusal) throw new Error(refusal);
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const m of all)
        out[m.name] = {
          up: async (db) => {
            // PostgreSQL migrates in one transaction, free of the statement budget (an index over a million rows)
            if (handle.dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(db);
            await m.up(db, handle.dialect, keys);
          },
        };
      return out;
    },
  };
  const migrator = new Migrator({
    db: handle.db,
    provider,
    migrationTableName: 'oa_migration',
    migrationLockTableName: 'oa_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${String(error)}`);
}
