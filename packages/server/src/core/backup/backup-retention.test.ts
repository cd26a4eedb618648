import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { tempDir } from '../../../test/backup-kit';
import type { AppContext } from '../context';
import { backupKeepOf } from '../../config';
import { listBackups, pruneBackups, recordVerification } from './backup-register';
import { scheduledBackupDue, scheduledBackupTurn } from './backup-schedule';

import { runBackupIfDue } from './backup-run';

/** Temporary folders of this file, removed at the end. */
const scratchDirs: string[] = [];
const scratch = (dir: string) => {
  scratchDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of scratchDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** An archive file named as createBackup names it, made at `iso` (UTC), with its check's result beside it. */
function archive(dir: string, iso: string, kind = 'scheduled', state: 'ok' | 'failed' | null = 'ok'): string {
  const stamp = iso.replace(/[-:]/g, '').replace(/\.\d+Z$|Z$/, 'Z');
  const name = `oa-backup-${stamp}-${kind}-${Math.floor(Math.random() * 0xffff)
    .toString(16)
    .padStart(4, '0')}.tar.gz`;
  fs.writeFileSync(path.join(dir, name), 'x');
  if (state) recordVerification(path.join(dir, name), { state, at: iso, message: state === 'ok' ? '已校验' : '坏了' });
  return name;
}

/** 02:30 China time of a China date = 18:30 UTC of the day before. */
const at0230 = (chinaDay: string) => new Date(Date.parse(`${chinaDay}T02:30:00+08:00`)).toISOString();
const chinaDays = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000)
    out.push(new Date(d).toISOString().slice(0, 10));
  return out;
};
const fakeCtx = (dir: string, schedule: string | undefined) =>
  ({ config: { backup: { dir, schedule, keep: backupKeepOf(undefined) } } }) as unknown as AppContext;

describe('backup retention', () => {
  it('reads OA_BACKUP_KEEP: unset or empty parts are the defaults 7,4,12', () => {
    expect(backupKeepOf(undefined)).toEqual({ daily: 7, weekly: 4, monthly: 12 });
    expect(backupKeepOf('')).toEqual({ daily: 7, weekly: 4, monthly: 12 });
    expect(backupKeepOf('3')).toEqual({ daily: 3, weekly: 4, monthly: 12 });
    expect(backupKeepOf('14,,0')).toEqual({ daily: 14, weekly: 4, monthly: 0 });
    expect(backupKeepOf('x,-1,2.5')).toEqual({ daily: 7, weekly: 4, monthly: 12 });
  });

  it('OA_BACKUP_KEEP 7,4,12 keeps exactly the newest per China day, week (Monday) and month', () => {
    const dir = scratch(tempDir('retention'));
    fs.mkdirSync(dir);
    // one scheduled backup a day at 02:30 China time for 60 days (2026-01-01 … 2026-03-01), a second on the last day
    const byDay = new Map(chinaDays('2026-01-01', '2026-03-01').map((d) => [d, archive(dir, at0230(d))]));
    const lastOfLastDay = archive(dir, '2026-03-01T06:00:00Z'); // 14:00 China time
    const failed = archive(dir, '2026-03-01T02:00:00Z', 'scheduled', 'failed');
    const manual = archive(dir, '2026-01-02T03:00:00Z', 'manual');
    const upgrade = archive(dir, '2026-01-03T03:00:00Z', 'upgrade', null);
    // a half-written archive (temporary name, newer than all) and a staging folder: never listed, never counted
    fs.writeFileSync(path.join(dir, '.oa-backup-20260301T120000Z-scheduled-ffff.tar.gz.partial'), 'half');
    fs.mkdirSync(path.join(dir, '.staging-abc'));
    expect(listBackups(dir)).toHaveLength(60 + 4);

    const removed = pruneBackups(dir, backupKeepOf('7,4,12'));

    const kept = [
      lastOfLastDay, // day 1 (2026-03-01, Sunday), week of 02-23, month 03
      ...['2026-02-28', '2026-02-27', '2026-02-26', '2026-02-25', '2026-02-24', '2026-02-23'].map((d) => byDay.get(d)!), // days 2–7
      ...['2026-02-22', '2026-02-15', '2026-02-08'].map((d) => byDay.get(d)!), // weeks 2–4 (Sundays end them)
      byDay.get('2026-01-31')!, // month 01 (02-28 is February's)
    ];
    const left = listBackups(dir).map((b) => b.name);
    expect(left.filter((n) => n.includes('-scheduled-')).sort()).toEqual([...kept, failed].sort());
    expect(left).toContain(manual);
    expect(left).toContain(upgrade);
    expect(removed).toHaveLength(61 - kept.length);
    expect(removed).toContain(byDay.get('2026-03-01')); // the same day's earlier one
    // the removed ones' check results went with them; the temporary files were not touched
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.verify.json'))).toHaveLength(kept.length + 2);
    expect(fs.existsSync(path.join(dir, '.oa-backup-20260301T120000Z-scheduled-ffff.tar.gz.partial'))).toBe(true);

    // a second run removes nothing more
    expect(pruneBackups(dir, backupKeepOf('7,4,12'))).toEqual([]);
  });

  it('counts days by China time: 23:30 UTC is the next day in China', () => {
    const dir = scratch(tempDir('retention-tz'));
    fs.mkdirSync(dir);
    const early = archive(dir, '2026-02-10T23:30:00Z'); // 2026-02-11 07:30 China
    const later = archive(dir, '2026-02-11T10:00:00Z'); // 2026-02-11 18:00 China
    const before = archive(dir, '2026-02-10T15:00:00Z'); // 2026-02-10 23:00 China
    expect(pruneBackups(dir, { daily: 2, weekly: 0, monthly: 0 })).toEqual([early]);
    expect(listBackups(dir).map((b) => b.name)).toEqual([later, before]);
  });
});

describe('backup schedule', () => {
  it('is due once a day after HH:MM China time, not before, not twice; a failed one is not retried every minute', () => {
    const dir = scratch(tempDir('schedule'));
    fs.mkdirSync(dir);
    const ctx = fakeCtx(dir, '02:30');
    const china = (s: string) => new Date(Date.parse(`${s}+08:00`));
    expect(scheduledBackupDue(ctx, china('2026-03-02T02:29:59'))).toBe(false);
    expect(scheduledBackupDue(ctx, china('2026-03-02T02:30:00'))).toBe(true);
    expect(scheduledBackupDue(ctx, china('2026-03-02T23:59:00'))).toBe(true);
    // yesterday's (China date) backup made at 23:50 China time = 15:50 UTC does not count for today
    archive(dir, '2026-03-01T15:50:00Z');
    expect(scheduledBackupDue(ctx, china('2026-03-02T02:31:00'))).toBe(true);
    // today's (made 02:30 China = 18:30 UTC the day before) does
    archive(dir, '2026-03-01T18:30:00Z', 'scheduled', 'failed');
    pruneBackups(dir, backupKeepOf('1,0,0'));
    expect(scheduledBackupDue(ctx, china('2026-03-02T02:31:00'))).toBe(false);
    expect(scheduledBackupDue(ctx, china('2026-03-02T23:59:00'))).toBe(false);
    // a manual one does not stand in for the scheduled one; no schedule: never due
    const other = scratch(tempDir('schedule-manual'));
    fs.mkdirSync(other);
    archive(other, '2026-03-01T19:00:00Z', 'manual');
    expect(scheduledBackupDue(fakeCtx(other, '02:30'), china('2026-03-02T04:00:00'))).toBe(true);
    expect(scheduledBackupDue(fakeCtx(other, undefined), china('2026-03-02T04:00:00'))).toBe(false);
    expect(scheduledBackupDue(ctx, china('2026-03-03T02:30:00'))).toBe(true);
  });
});

const DIALECTS = await testDialects();

describe.each(DIALECTS)('the schedule of two instances sharing the backup folder on %s', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps.reverse()) await t.close();
  });

  it('makes one backup a day between them', async () => {
    const dataDir = scratch(tempDir('schedule-two'));
    const sqliteFile = path.join(dataDir, 'oa.db');
    const dir = path.join(dataDir, 'shared-backups');
    const first = await createTestApp(dialect, { dataDir, sqliteFile });
    apps.push(first);
    const settings = { ...first.config.backup, dir, schedule: '00:00' };
    first.config.backup = settings;
    const second = await createTestApp(dialect, { dataDir, sqliteFile, databaseUrl: first.config.databaseUrl, backup: settings });
    apps.push(second);

    const turns = await Promise.all([scheduledBackupTurn(first.ctx), scheduledBackupTurn(second.ctx)]);
    expect(turns.filter((r) => r !== null)).toHaveLength(1);
    expect(await scheduledBackupTurn(second.ctx)).toBeNull();
    expect(await scheduledBackupTurn(first.ctx)).toBeNull();
    // an instance whose check came just before the other's backup was renamed into place, and which gets the lock
    // just after it was released: the check under the lock finds today's backup made
    expect(await runBackupIfDue(second.config, 'scheduled', () => scheduledBackupDue(second.ctx))).toBeNull();
    const made = listBackups(dir);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ kind: 'scheduled', verification: { state: 'ok' } });
  });
});
