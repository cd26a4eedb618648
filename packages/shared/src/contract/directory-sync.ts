import { z } from 'zod';

/** The administrator's 目录同步 page (/ldapSync): the directory's configuration state, a dry run, a sync, the runs. */
export const DIRECTORY_SYNC_API = {
  state: '/api/auth/oa/ldapSync/state',
  preview: '/api/auth/oa/ldapSync/preview',
  apply: '/api/auth/oa/ldapSync/apply',
} as const;

export const directoryCounts = z.object({
  usersCreated: z.number(),
  usersUpdated: z.number(),
  usersDisabled: z.number(),
  usersEnabled: z.number(),
  deptsCreated: z.number(),
  deptsUpdated: z.number(),
  /** directory entries left alone (a local account of the same name, a missing name …) */
  skipped: z.number(),
});
export type DirectoryCounts = z.infer<typeof directoryCounts>;

export const SYNC_KIND_LABELS = { preview: '预览', apply: '同步' } as const;
export const SYNC_TRIGGER_LABELS = { manual: '手动', schedule: '定时' } as const;
export const SYNC_STATUS_LABELS = { running: '进行中', ok: '成功', failed: '失败' } as const;

export const syncRun = z.object({
  id: z.number(),
  kind: z.enum(['preview', 'apply']),
  trigger: z.enum(['manual', 'schedule']),
  userName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['running', 'ok', 'failed']),
  counts: directoryCounts.nullable(),
  message: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRun>;

/** What the page may show of the configuration: addresses and attribute names, never a password. */
export const directoryState = z.object({
  configured: z.boolean(),
  url: z.string().nullable(),
  startTls: z.boolean(),
  bindDn: z.string().nullable(),
  userBase: z.string().nullable(),
  userFilter: z.string().nullable(),
  attrs: z.object({ login: z.string(), name: z.string(), mail: z.string(), mobile: z.string(), dept: z.string().nullable() }).nullable(),
  deptBase: z.string().nullable(),
  /** minutes between scheduled syncs; 0: only by hand */
  syncMinutes: z.number(),
  running: z.boolean(),
  runs: z.array(syncRun),
});
export type DirectoryState = z.infer<typeof directoryState>;

/** One change of a dry run or a sync. */
export const syncChange = z.object({
  kind: z.enum(['createUser', 'updateUser', 'disableUser', 'enableUser', 'createDept', 'updateDept', 'skip']),
  /** the account or department code */
  code: z.string(),
  name: z.string(),
  /** Chinese description of what changes (fields before → after, or why an entry is skipped) */
  detail: z.string(),
});
export type SyncChange = z.infer<typeof syncChange>;

export const SYNC_CHANGE_LABELS: Record<SyncChange['kind'], string> = {
  createUser: '新建账号',
  updateUser: '更新账号',
  disableUser: '停用账号',
  enableUser: '恢复账号',
  createDept: '新建部门',
  updateDept: '更新部门',
  skip: '跳过',
};

/** A dry run's or a sync's answer: the counts and the changes (at most `SYNC_CHANGES_SHOWN` of them listed). */
export const syncAnswer = z.object({
  runId: z.number(),
  counts: directoryCounts,
  changes: z.array(syncChange),
  /** more changes than listed */
  truncated: z.boolean(),
});
export type SyncAnswer = z.infer<typeof syncAnswer>;
export const SYNC_CHANGES_SHOWN = 500;
