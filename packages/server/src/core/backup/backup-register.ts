import fs from 'node:fs';
import path from 'node:path';
import { addDays, chinaDate, chinaMonth } from '@oa/shared/format/china-time';
import type { BackupSettings } from '../../config';
import { ARCHIVE_NAME } from './backup-create';

/** The result of the last check of an archive, kept beside it as `<archive>.verify.json`. */
export interface Verification {
  state: 'ok' | 'failed';
  at: string;
  message: string;
}

export interface BackupEntry {
  name: string;
  size: number;
  createdAt: string;
  kind: 'manual' | 'scheduled' | 'upgrade';
  encrypted: boolean;
  verification: Verification | null;
}

/** The last backup that could not be made (any caller, any instance sharing the folder); cleared by a success. */
export interface BackupFailure {
  at: string;
  kind: BackupEntry['kind'];
  message: string;
}

const sidecar = (file: string) => `${file}.verify.json`;
const FAILURE = '.last-failure.json';

export function recordFailure(dir: string, failure: BackupFailure | null): void {
  if (failure) fs.writeFileSync(path.join(dir, FAILURE), JSON.stringify(failure));
  else fs.rmSync(path.join(dir, FAILURE), { force: true });
}

export function lastFailure(dir: string): BackupFailure | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, FAILURE), 'utf8')) as BackupFailure;
  } catch {
    return null;
  }
}
const isoOf = (stamp: string) =>
  `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;

export function recordVerification(file: string, v: Verification): void {
  fs.writeFileSync(sidecar(file), JSON.stringify(v));
}

function readVerification(file: string): Verification | null {
  try {
    return JSON.parse(fs.readFileSync(sidecar(file), 'utf8')) as Verification;
  } catch {
    return null;
  }
}

/** The complete archives of the folder, newest first (a half-written one has a temporary name and is not listed). */
export function listBackups(dir: string): BackupEntry[] {
  if (!fs.existsSync(dir)) return [];
  const out: BackupEntry[] = [];
  for (const name of fs.readdirSync(dir)) {
    const m = ARCHIVE_NAME.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    out.push({
      name,
      size: fs.statSync(file).size,
      createdAt: isoOf(m[1]),
      kind: m[2] as BackupEntry['kind'],
      encrypted: m[3] === '.enc',
      verification: readVerification(file),
    });
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

/** The Monday (China date) of the week an instant falls in. */
const weekOf = (iso: string) => {
  const d = chinaDate(iso);
  const weekday = (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(d, -weekday);
};

/**
 * Retention of scheduled backups: the newest of each of the last `daily` days, `weekly` weeks and `monthly` months
 * (China dates; the most recent days, weeks and months that have one) are kept, the other checked-good scheduled ones
 * removed. Manual and pre-upgrade backups, and ones that failed their check, are never removed.
 */
export function pruneBackups(dir: string, keep: BackupSettings['keep']): string[] {
  const scheduled = listBackups(dir).filter((b) => b.kind === 'scheduled' && b.verification?.state === 'ok');
  const kept = new Set<string>();
  for (const [count, bucket] of [
    [keep.daily, (b: BackupEntry) => chinaDate(b.createdAt)],
    [keep.weekly, (b: BackupEntry) => weekOf(b.createdAt)],
    [keep.monthly, (b: BackupEntry) => chinaMonth(b.createdAt)],
  ] as const) {
    const seen = new Set<string>();
    for (const b of scheduled) {
      const k = bucket(b);
      if (seen.has(k)) continue;
      if (seen.size >= count) break;
      seen.add(k);
      kept.add(b.name);
    }
  }
  // only checked-good ones go: a failed one stays for the administrator to see (and still counts as the day's, so
  // the schedule does not retry it every minute); an unchecked one may be another instance's being checked
  const removed = scheduled.filter((b) => !kept.has(b.name));
  for (const b of removed) {
    fs.rmSync(path.join(dir, b.name), { force: true });
    fs.rmSync(sidecar(path.join(dir, b.name)), { force: true });
  }
  return removed.map((b) => b.name);
}

const LOCK = '.backup.lock';
const STALE_MS = 6 * 3600_000;
export const BACKUP_BUSY = '已有一个备份正在进行，请稍后再试';

/** Whether a backup of this folder is under way (its lock is held, and not a crashed run's). */
export function backupRunning(dir: string): boolean {
  try {
    return Date.now() - fs.statSync(path.join(dir, LOCK)).mtimeMs < STALE_MS;
  } catch {
    return false;
  }
}

/**
 * Takes the folder's lock at once (synchronously: two calls in one tick cannot both have it); undefined when a
 * backup is under way. The answer releases it.
 */
export function acquireBackupLock(dir: string): (() => void) | undefined {
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, LOCK);
  try {
    fs.writeFileSync(lock, `${process.pid} ${new Date().toISOString()}`, { flag: 'wx' });
  } catch {
    if (backupRunning(dir)) return undefined;
    fs.writeFileSync(lock, `${process.pid} ${new Date().toISOString()}`);
  }
  return () => fs.rmSync(lock, { force: true });
}

/**
 * One backup at a time per backup folder (the CLI, the schedule, the administrator's button, several instances
 * sharing the folder): an exclusive lock file; one older than 6 hours is a crashed run's and is taken over.
 */
export async function withBackupLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const release = acquireBackupLock(dir);
  if (!release) throw new Error(BACKUP_BUSY);
  try {
    return await fn();
  } finally {
    release();
  }
}
