import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditState, ChainReportDto } from '@oa/shared/contract/audit-log';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { runCli } from '../../../test/cli-kit';
import { auditEvent, writeAudit } from '../../core/audit';
import { archiveDir, archiveExpired, checkArchiveFile } from '../../core/audit/archive';
import { loadAuditSigner } from '../../core/audit/signer';
import { verifyChain } from '../../core/audit/verify';

const DIALECTS = await testDialects();
const P = '/oa/api/auth/oa/auditLog';

/** What an attacker with the database's password does first: switch the append-only triggers off. */
async function bypassTriggers(t: TestApp, run: () => Promise<unknown>) {
  if (t.ctx.dialect === 'sqlite') {
    await sql`DROP TRIGGER sys_audit_no_update`.execute(t.ctx.db);
    await sql`DROP TRIGGER sys_audit_no_delete`.execute(t.ctx.db);
    await run();
  } else {
    await sql`ALTER TABLE sys_audit DISABLE TRIGGER sys_audit_no_change`.execute(t.ctx.db);
    await run();
    await sql`ALTER TABLE sys_audit ENABLE TRIGGER sys_audit_no_change`.execute(t.ctx.db);
  }
}

describe.each(DIALECTS)('the audit chain on %s', (dialect) => {
  let t: TestApp;
  let auditor: string;
  let admin: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-audit-'));
  beforeAll(async () => {
    t = await createTestApp(dialect, { dataDir });
    auditor = await t.login('auditor');
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const verify = async () => (await t.call('POST', `${P}/verify`, { token: auditor })).body.data as ChainReportDto;
  const seqs = async () => (await t.ctx.db.selectFrom('sys_audit').select('seq').orderBy('seq').execute()).map((r) => Number(r.seq));

  it('chains every row: the seed and a change made a second ago, with before and after, shown to the audit administrator only', async () => {
    const made = await t.call('POST', '/oa/api/auth/oa/dept/insert', {
      token: admin,
      body: { deptCode: 'audit_t', deptName: '审计测试部', sortNo: 99 },
    });
    expect(made.body.code, made.body.message).toBe(0);
    const list = await t.call('GET', `${P}/list`, { token: auditor, query: { action: 'dept', pageSize: '5' } });
    expect(list.status).toBe(200);
    const row = list.body.data.list[0];
    expect(row).toMatchObject({ userCode: 'admin', action: expect.stringMatching(/^dept\./), result: 'ok' });
    expect(row.actionLabel).toMatch(/^部门/);
    const all = await seqs();
    expect(all).toEqual(all.map((_, i) => i + 1));
    const r = await verify();
    expect(r).toMatchObject({ intact: true, headSeq: all.length });
    for (const who of [admin, await t.login('secadmin'), await t.login('staff')]) {
      expect((await t.call('GET', `${P}/list`, { token: who })).status).toBe(403);
      expect((await t.call('POST', `${P}/verify`, { token: who })).status).toBe(403);
    }
    const state = (await t.call('GET', `${P}/state`, { token: auditor })).body.data as AuditState;
    expect(state.lastVerification).toMatchObject({ intact: true, userCode: 'auditor' });
    expect(state.retentionDays).toBe(180);
  });

  it('masks secrets and personal numbers in detail, before and after', async () => {
    await auditEvent(t.ctx.db, null, {
      action: 'user.update',
      target: 'staff',
      result: 'ok',
      userCode: 'admin',
      detail: { password: 'Secret123', note: 'kept' },
      before: { mobile: '13812345678', idCard: '110101199003071234', userName: '张三' },
      after: { mobile: '13900001111', idCard: '110101199003071234', userName: '张三丰' },
    });
    const raw = await t.ctx.db.selectFrom('sys_audit').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
    const text = `${raw.detail} ${raw.before_json} ${raw.after_json}`;
    for (const secret of ['Secret123', '13812345678', '13900001111', '110101199003071234']) expect(text).not.toContain(secret);
    expect(text).toContain('5678');
    expect(text).toContain('张三丰');
    const d = (await t.call('GET', `${P}/detail`, { token: auditor, query: { id: String(raw.id) } })).body.data;
    expect(d.after).toMatchObject({ userName: '张三丰' });
    expect(d.hash).toBe(raw.hash);
    expect((await t.call('GET', `${P}/detail`, { token: auditor, query: { id: 'x' } })).status).toBe(400);
  });

  it('links one at a time when many write at once: no gap, no fork', async () => {
    const before = (await seqs()).length;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.ctx.db.transaction().execute((trx) => writeAudit(trx, null, { action: 'test.parallel', target: String(i), result: 'ok' })),
      ),
    );
    const all = await seqs();
    expect(all.length).toBe(before + 40);
    expect(all).toEqual(all.map((_, i) => i + 1));
    expect((await verifyChain(t.ctx.db, t.ctx.fieldKeys)).intact).toBe(true);
  });

  it('rolls back with the change: a failed transaction leaves no row and no link', async () => {
    const before = await seqs();
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await writeAudit(trx, null, { action: 'test.rollback', result: 'ok' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await seqs()).toEqual(before);
    expect((await verifyChain(t.ctx.db, t.ctx.fieldKeys)).intact).toBe(true);
  });

  it('refuses UPDATE and DELETE of a live row in the database itself', async () => {
    await expect(t.ctx.db.updateTable('sys_audit').set({ detail: 'x' }).where('seq', '=', 1).execute()).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.deleteFrom('sys_audit').where('seq', '=', 1).execute()).rejects.toThrow(/append-only/);
  });

  it('archives what passed the retention into a signed file, and verification goes on from it', async () => {
    const { signer } = loadAuditSigner(t.config);
    for (let i = 0; i < 30; i++) await auditEvent(t.ctx.db, null, { action: 'test.old', target: String(i), result: 'ok' });
    const later = new Date(Date.now() + 200 * 86_400_000);
    const headBefore = (await seqs()).length;
    const out = await archiveExpired(t.ctx.db, { dataDir, retentionDays: 180, signer, now: later, maxRows: 30 });
    expect(out.rows).toBe(30);
    const file = path.join(archiveDir(dataDir), out.file!);
    expect(checkArchiveFile(file, signer.publicKey)).toMatchObject({ intact: true });
    expect((await seqs())[0]).toBe(31);
    expect((await seqs()).at(-1)).toBe(headBefore + 1); // the archiving is audited itself
    expect((await verify()).intact).toBe(true);
    // a live row is still refused
    await expect(t.ctx.db.deleteFrom('sys_audit').where('seq', '=', 31).execute()).rejects.toThrow(/append-only/);
    // one changed byte, or another key, and the archive fails
    const body = fs.readFileSync(file);
    body[body.length - 10] ^= 1;
    fs.writeFileSync(file, body);
    expect(checkArchiveFile(file, signer.publicKey)).toMatchObject({ intact: false });
    const other = loadAuditSigner({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'oa-other-')), audit: {} }).signer;
    expect(checkArchiveFile(file, other.publicKey).message).toContain('不是本系统');
  });

  it('names the first broken link: a changed row, a removed row, a row written around the chain, a cut tail', async () => {
    const rows = await t.ctx.db.selectFrom('sys_audit').select(['id', 'seq']).orderBy('seq').execute();
    const victim = rows[5]!;
    await bypassTriggers(t, () =>
      t.ctx.db.updateTable('sys_audit').set({ result: 'ok', detail: '{"forged":true}' }).where('id', '=', victim.id).execute(),
    );
    let r = await verify();
    expect(r.intact).toBe(false);
    expect(r.broken).toMatchObject({ seq: Number(victim.seq), auditId: Number(victim.id) });
    expect(r.message).toContain(`编号 ${victim.id}`);
    const list = (await t.call('GET', `${P}/state`, { token: auditor })).body.data as AuditState;
    expect(list.lastVerification).toMatchObject({ intact: false });

    const some = (x: TestApp) =>
      Promise.all(Array.from({ length: 6 }, (_, i) => auditEvent(x.ctx.db, null, { action: 'test.row', target: String(i), result: 'ok' })));
    const t2 = await createTestApp(dialect);
    try {
      await some(t2);
      const gone = await t2.ctx.db
        .selectFrom('sys_audit')
        .select(['id', 'seq'])
        .orderBy('seq')
        .offset(3)
        .limit(1)
        .executeTakeFirstOrThrow();
      await bypassTriggers(t2, () => t2.ctx.db.deleteFrom('sys_audit').where('id', '=', gone.id).execute());
      r = await verifyChain(t2.ctx.db, t2.ctx.fieldKeys);
      expect(r.broken?.seq).toBe(Number(gone.seq));
      expect(r.message).toContain('被删除');
    } finally {
      await t2.close();
    }
    const t3 = await createTestApp(dialect);
    try {
      await some(t3);
      await sql`INSERT INTO sys_audit (at, action, result) VALUES ('2026-01-01T00:00:00.000Z', 'forged', 'ok')`.execute(t3.ctx.db);
      expect((await verifyChain(t3.ctx.db, t3.ctx.fieldKeys)).message).toContain('不在链上');
      const t3rows = await t3.ctx.db
        .selectFrom('sys_audit')
        .select(['id', 'seq'])
        .where('seq', 'is not', null)
        .orderBy('seq', 'desc')
        .limit(1)
        .execute();
      await bypassTriggers(t3, async () => {
        await t3.ctx.db.deleteFrom('sys_audit').where('seq', 'is', null).execute();
        await t3.ctx.db.deleteFrom('sys_audit').where('id', '=', t3rows[0]!.id).execute();
      });
      expect((await verifyChain(t3.ctx.db, t3.ctx.fieldKeys)).message).toContain('链尾');
    } finally {
      await t3.close();
    }
  });
});

describe('npm run audit:verify', () => {
  it('says the chain is whole (exit 0), then names the row changed in the database file (exit 2)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-audit-cli-'));
    const t = await createTestApp('sqlite', { dataDir, sqliteFile: path.join(dataDir, 'oa.db') });
    try {
      await Promise.all(
        Array.from({ length: 5 }, (_, i) => auditEvent(t.ctx.db, null, { action: 'test.row', target: String(i), result: 'ok' })),
      );
      const env = { OA_DATA_DIR: dataDir, OA_SEED_DEMO: 'off' };
      const whole = await runCli('audit-verify-cli.ts', [], env);
      expect(whole.code, whole.err).toBe(0);
      expect(whole.out).toContain('审计链完整');
      const victim = await t.ctx.db.selectFrom('sys_audit').select(['id', 'seq']).where('target', '=', '3').executeTakeFirstOrThrow();
      await bypassTriggers(t, () => t.ctx.db.updateTable('sys_audit').set({ target: '33' }).where('id', '=', victim.id).execute());
      const broken = await runCli('audit-verify-cli.ts', [], env);
      expect(broken.code).toBe(2);
      expect(broken.out).toContain(`第 ${victim.seq} 条（编号 ${victim.id}`);
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
