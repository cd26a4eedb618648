import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { findSessionWithUser, readAuthVersion, touchSession } from '../core/identity/identity.repository';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';
import { preparedQuery, runPrepared, statementName } from './prepared';

const DIALECTS = await testDialects();

/**
 * The guard's fixed queries are compiled once per handle (PostgreSQL: named statements, prepared once per
 * connection): each run must still read the rows as they are now, whatever was written in between.
 */
describe.each(DIALECTS)('prepared guard queries on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('the auth counter read sees every bump, by the triggers or written straight', async () => {
    const v0 = await readAuthVersion(t.ctx.db);
    await t.ctx.db.updateTable('sys_user').set({ user_name: '计数测试' }).where('user_code', '=', 'staff').execute();
    const v1 = await readAuthVersion(t.ctx.db);
    expect(v1).toBeGreaterThan(v0);
    await t.ctx.db
      .updateTable('sys_auth_version')
      .set({ version: v1 + 5 })
      .where('id', '=', 1)
      .execute();
    expect(await readAuthVersion(t.ctx.db)).toBe(v1 + 5);
    // inside a transaction (another Kysely instance, its own connection): the transaction's view
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sys_auth_version')
        .set({ version: v1 + 9 })
        .where('id', '=', 1)
        .execute();
      expect(await readAuthVersion(trx)).toBe(v1 + 9);
    });
    expect(await readAuthVersion(t.ctx.db)).toBe(v1 + 9);
  });

  it('the session read answers each session with its own parameters, and sees revocation and touches', async () => {
    const a = await t.login('staff');
    const b = await t.login('leader');
    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    const sa = await findSessionWithUser(t.ctx.db, sid(a), t.ctx.fieldKeys);
    const sb = await findSessionWithUser(t.ctx.db, sid(b), t.ctx.fieldKeys);
    expect(sa?.session.user_code).toBe('staff');
    expect(sa?.found?.user.userCode).toBe('staff');
    expect(sb?.session.user_code).toBe('leader');
    expect(await findSessionWithUser(t.ctx.db, 'no-such-session', t.ctx.fieldKeys)).toBeNull();
    await touchSession(t.ctx.db, sid(a), '2030-01-01T00:00:00.000Z');
    expect((await findSessionWithUser(t.ctx.db, sid(a), t.ctx.fieldKeys))?.session.last_seen_at).toBe('2030-01-01T00:00:00.000Z');
    expect((await findSessionWithUser(t.ctx.db, sid(b), t.ctx.fieldKeys))?.session.last_seen_at).not.toBe('2030-01-01T00:00:00.000Z');
    await t.ctx.db.updateTable('sys_session').set({ revoked_at: '2030-01-01T00:00:00.000Z' }).where('id', '=', sid(b)).execute();
    expect((await findSessionWithUser(t.ctx.db, sid(b), t.ctx.fieldKeys))?.session.revoked_at).toBe('2030-01-01T00:00:00.000Z');
  });

  it('refuses a wrong number of parameters, and the same SQL under two keys', async () => {
    const q = preparedQuery(t.ctx.db, 'auth_version', (d) => d.selectFrom('sys_auth_version').select('version').where('id', '=', 1));
    await expect(runPrepared(t.ctx.db, q, [1, 2])).rejects.toThrow(/parameters/);
    expect(() =>
      preparedQuery(t.ctx.db, 'auth_version_again', (d) => d.selectFrom('sys_auth_version').select('version').where('id', '=', 1)),
    ).toThrow(/SQL of oa_auth_version/);
    expect(statementName(q.sql)).toBe('oa_auth_version');
  });

  it.runIf(dialect === 'postgres')('PostgreSQL runs them as named statements, prepared once on the connection', async () => {
    await t.ctx.db.connection().execute(async (c) => {
      for (let i = 0; i < 3; i++) await readAuthVersion(c);
      const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements where name like 'oa\\_%'`.execute(c);
      expect(rows.map((r) => r.name)).toContain('oa_auth_version');
    });
  });
});
