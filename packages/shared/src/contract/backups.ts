import { z } from 'zod';

/** The administrator's backups page (/backups): the archives of the backup folder, start one, check one. */
export const BACKUPS_API = {
  list: '/api/auth/oa/backups/list',
  start: '/api/auth/oa/backups/start',
  verify: '/api/auth/oa/backups/verify',
} as const;

export const BACKUP_KINDS = ['manual', 'scheduled', 'upgrade'] as const;
export type BackupKindCode = (typeof BACKUP_KINDS)[number];
export const BACKUP_KIND_LABELS: Record<BackupKindCode, string> = {
  manual: '手动',
  scheduled: '定时',
  upgrade: '升级前',
};

export const backupItem = z.object({
  name: z.string(),
  size: z.number(),
  createdAt: z.string(),
  kind: z.enum(BACKUP_KINDS),
  encrypted: z.boolean(),
  /** the last check of the archive: null when never checked */
  verification: z.object({ state: z.enum(['ok', 'failed']), at: z.string(), message: z.string() }).nullable(),
});
export type BackupItem = z.infer<typeof backupItem>;

export const backupsAnswer = z.object({
  list: z.array(backupItem),
  /** a backup of the folder is under way (here or on another instance) */
  running: z.boolean(),
  /** 'HH:MM' China time of the daily backup; null: none scheduled */
  schedule: z.string().nullable(),
  keep: z.object({ daily: z.number(), weekly: z.number(), monthly: z.number() }),
  /** archives are encrypted (a key is configured) */
  encryption: z.boolean(),
  beforeUpgrade: z.boolean(),
  /** the last backup that could not be made (scheduled, manual or before an upgrade), until one succeeds */
  lastFailure: z.object({ at: z.string(), kind: z.enum(BACKUP_KINDS), message: z.string() }).nullable(),
});
export type BackupsAnswer = z.infer<typeof backupsAnswer>;

/** An archive is named, never a path: the name must be one of the folder's listing. */
export const backupNameBody = z.object({
  name: z
    .string({ message: '请选择备份文件' })
    .max(120, { message: '备份文件名不正确' })
    .regex(/^oa-backup-[0-9TZ]+-[a-z]+-[0-9a-f]{4}\.tar\.gz(\.enc)?$/, { message: '备份文件名不正确' }),
});
export type BackupNameBody = z.infer<typeof backupNameBody>;

export const verifyAnswer = z.object({ ok: z.boolean(), message: z.string() });
export type VerifyAnswer = z.infer<typeof verifyAnswer>;
