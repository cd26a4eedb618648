import path from 'node:path';
import type { AppConfig } from '../../config';
import type { OnSnapshot } from '../../db/backup-snapshot';
import { createBackup } from './backup-create';
import type { BackupKind, Manifest } from './backup-manifest';
import { BACKUP_BUSY, acquireBackupLock, pruneBackups, recordFailure, recordVerification, withBackupLock } from './backup-register';
import { verifyBackup } from './backup-verify';

export interface BackupResult {
  file: string;
  manifest: Manifest;
  verified: boolean;
  pruned: string[];
}

/**
 * One backup as every caller makes it (`npm run backup`, the schedule, the administrator's page, before an upgrade):
 * under the folder's lock, written atomically, then read back and checked against its manifest (the register shows
 * the result); a scheduled one then applies retention.
 */
export async function runBackup(config: AppConfig, kind: BackupKind, onSnapshot?: OnSnapshot): Promise<BackupResult> {
  return withBackupLock(config.backup.dir, () => makeBackup(config, kind, onSnapshot));
}

/**
 * Starts a backup in the background (the administrator's button): the folder's lock is taken before this returns,
 * so a second start while one runs — here or on another instance sharing the folder — is refused with BACKUP_BUSY.
 */
export function startBackup(config: AppConfig, kind: BackupKind): { done: Promise<BackupResult> } {
  const release = acquireBackupLock(config.backup.dir);
  if (!release) throw new Error(BACKUP_BUSY);
  return { done: makeBackup(config, kind).finally(release) };
}

/**
 * A backup only when `due()` still holds under the folder's lock (the scheduled one): another instance sharing the
 * folder that took the lock first, or made today's backup between our check and our lock, makes this one none.
 */
export async function runBackupIfDue(config: AppConfig, kind: BackupKind, due: () => boolean): Promise<BackupResult | null> {
  const release = acquireBackupLock(config.backup.dir);
  if (!release) return null;
  try {
    return due() ? await makeBackup(config, kind) : null;
  } finally {
    release();
  }
}

/** A backup that could not be made is remembered in the folder (the page shows it) until one succeeds. */
async function makeBackup(config: AppConfig, kind: BackupKind, onSnapshot?: OnSnapshot): Promise<BackupResult> {
  try {
    const made = await makeChecked(config, kind, onSnapshot);
    recordFailure(config.backup.dir, null);
    return made;
  } catch (e) {
    recordFailure(config.backup.dir, { at: new Date().toISOString(), kind, message: (e as Error).message });
    throw e;
  }
}

async function makeChecked(config: AppConfig, kind: BackupKind, onSnapshot?: OnSnapshot): Promise<BackupResult> {
  const settings = config.backup;
  const { file, manifest } = await createBackup(
    { dataDir: config.dataDir, sqliteFile: config.sqliteFile, databaseUrl: config.databaseUrl },
    { dir: settings.dir, kind, appVersion: config.version, key: settings.key, onSnapshot },
  );
  let verified = true;
  try {
    await verifyBackup(file, settings.key);
    recordVerification(file, { state: 'ok', at: new Date().toISOString(), message: '已校验' });
  } catch (e) {
    verified = false;
    recordVerification(file, { state: 'failed', at: new Date().toISOString(), message: (e as Error).message });
  }
  const pruned = kind === 'scheduled' ? pruneBackups(settings.dir, settings.keep) : [];
  return { file: path.resolve(file), manifest, verified, pruned };
}

/** Re-checks an archive of the folder and records the result. */
export async function recheckBackup(config: AppConfig, file: string): Promise<{ ok: boolean; message: string }> {
  try {
    await verifyBackup(file, config.backup.key);
    recordVerification(file, { state: 'ok', at: new Date().toISOString(), message: '已校验' });
    return { ok: true, message: '已校验' };
  } catch (e) {
    recordVerification(file, { state: 'failed', at: new Date().toISOString(), message: (e as Error).message });
    return { ok: false, message: (e as Error).message };
  }
}
