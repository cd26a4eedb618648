import type { Generated } from 'kysely';
import type { Flag } from './system';

/** LDAP / Active Directory (migration 110): accounts and departments from the directory, sync runs, the sync lease. */
export interface DirectoryUserTable {
  user_code: string;
  dn: string;
  /** 'N': gone from the directory and disabled by the sync (re-enabled when the entry returns) */
  present: Flag;
  synced_at: string;
}

export interface DirectoryDeptTable {
  dept_code: string;
  dir_key: string;
  present: Flag;
  synced_at: string;
}

export interface DirectorySyncRunTable {
  id: Generated<number>;
  kind: 'preview' | 'apply';
  trigger: 'manual' | 'schedule';
  user_code: string | null;
  started_at: string;
  finished_at: string | null;
  status: 'running' | 'ok' | 'failed';
  /** JSON of the run's counts (DirectoryCounts) */
  counts: string | null;
  message: string | null;
}

export interface DirectorySyncLeaseTable {
  name: string;
  holder: string | null;
  expires_at: string;
}

export interface DirectoryTables {
  sys_directory_user: DirectoryUserTable;
  sys_directory_dept: DirectoryDeptTable;
  sys_directory_sync_run: DirectorySyncRunTable;
  sys_directory_sync_lease: DirectorySyncLeaseTable;
}
