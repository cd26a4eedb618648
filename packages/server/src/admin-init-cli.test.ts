import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@oa/shared/contract/envelope';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { ADMIN_ROLES } from '@oa/shared/access/three-admins';
import { openDatabase, type DbHandle } from './db/database';
import { totpCode } from './core/identity/totp';
import { DEMO_PASSWORD } from './db/seed/seed';
import { SEED_FUNCTIONS } from './db/seed/functions.data';
import { runCli } from '../test/cli-kit';
import { freePort, startServer, type ServerProcess } from '../test/server-process';
import { DB_PREFIX, dropPgDatabase, pgUrlOf, testDialects, withPgAdmin } from '../test/test-databases';

const DIALECTS = await testDialects();
const LOGIN = '/oa/api/base/browserLogin';
/** each command is a process of its own, started as deployment starts it: seconds each on a busy machine */
const CLI_TIMEOUT = 180_000;

/** The accounts and one-time passwords the command printed: `账号 <code>  一次性密码 <password>`. */
const printed = (out: string) => new Map([...out.matchAll(/账号 (\S+)\s+一次性密码 (\S+)/g)].map((m) => [m[1], m[2]]));

/**
 * A new installation as deployment runs it: the compiled server started with OA_SEED_DEMO=off on an empty database,
 * then the compiled `npm run admin:init` (dist/admin-init-cli.mjs) against the same settings.
 */
describe.each(DIALECTS)('npm run admin:init on a new installation (%s)', (dialect) => {
  let server: ServerProcess;
  let handle: DbHandle;
  let dbName: string | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-admin-init-'));
  const env: Record<string, string> = { OA_DATA_DIR: dataDir, OA_SEED_DEMO: 'off' };
  const passwords = new Map<string, string>();
  const login = (user: string, password: string) => server.call('POST', LOGIN, { username: user, password: hashPassword(password) });
  const users = () => handle.db.selectFrom('sys_user').select(['user_code', 'password_reset']).orderBy('user_code').execute();

  beforeAll(async () => {
    if (dialect === 'postgres') {
      dbName = `${DB_PREFIX}_ai_${randomBytes(5).toString('hex')}`;
      await withPgAdmin((c) => c.query(`create database ${dbName}`));
      env.DATABASE_URL = pgUrlOf(dbName);
    }
    server = await startServer({ port: await freePort(), dataDir, databaseUrl: env.DATABASE_URL, env: { OA_SEED_DEMO: 'off' } });
    handle = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(dataDir, 'oa.db') });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await handle?.close();
    if (dbName) await dropPgDatabase(dbName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, CLI_TIMEOUT);

  it(
    'the first start writes the structure and no account: no demo administrator signs in',
    async () => {
      expect(await users()).toEqual([]);
      const functions = await handle.db.selectFrom('sys_function').select('fun_code').execute();
      expect(functions.length).toBe(SEED_FUNCTIONS.length);
      const roles = (await handle.db.selectFrom('sys_role').select('role_code').execute()).map((r) => r.role_code);
      expect(roles).toEqual(expect.arrayContaining([...ADMIN_ROLES]));
      for (const user of ['admin', 'secadmin', 'auditor', 'auditadmin'])
        expect((await login(user, DEMO_PASSWORD)).code, user).toBe(ErrorCode.BAD_CREDENTIALS);
    },
    CLI_TIMEOUT,
  );

  it(
    'creates three accounts, one administrator role each, with one-time passwords printed once; audited',
    async () => {
      const r = await runCli('admin-init-cli.ts', [], env);
      expect(r.code, r.err).toBe(0);
      for (const [user, password] of printed(r.out)) passwords.set(user, password);
      expect([...passwords.keys()].sort()).toEqual(['admin', 'auditor', 'secadmin']);
      expect(new Set(passwords.values()).size).toBe(3);
      expect(await users()).toEqual(['admin', 'auditor', 'secadmin'].map((user_code) => ({ user_code, password_reset: 'Y' })));
      const held = await handle.db.selectFrom('sys_user_role').select(['user_code', 'role_code']).orderBy('user_code').execute();
      expect(held).toEqual([
        { user_code: 'admin', role_code: 'admin' },
        { user_code: 'auditor', role_code: 'auditadmin' },
        { user_code: 'secadmin', role_code: 'secadmin' },
      ]);
      const audit = await handle.db.selectFrom('sys_audit').selectAll().where('action', '=', 'admin.init').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ result: 'ok', target: 'admin,secadmin,auditor', user_code: expect.stringMatching(/^cli:/) });
      for (const p of passwords.values()) expect(JSON.stringify(audit[0])).not.toContain(p);
    },
    CLI_TIMEOUT,
  );

  it(
    'each printed password asks for an authenticator first, then a new password; it works once',
    async () => {
      for (const [user, password] of passwords) {
        const first = await login(user, password);
        expect(first.code, user).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
        expect(first.data).toMatchObject({ enrol: true, methods: [] });
      }
      const password = passwords.get('secadmin')!;
      const { challenge } = (await login('secadmin', password)).data;
      const start = await server.call('POST', '/oa/api/base/login/enrol', { challenge });
      const done = await server.call('POST', '/oa/api/base/login/enrol/confirm', { challenge, code: totpCode(start.data.secret) });
      expect(done.code, done.message).toBe(0);
      expect(done.data).toMatchObject({ needChangePass: true, recoveryCodes: expect.any(Array) });
      const changed = 'Sec#Admin2026x';
      const change = await server.call(
        'PUT',
        '/oa/api/auth/base/system/changePassword',
        { userCode: 'secadmin', oldPassword: hashPassword(password), password: hashPassword(changed) },
        done.data.token,
      );
      expect(change.code, change.message).toBe(0);
      expect((await login('secadmin', password)).code).toBe(ErrorCode.BAD_CREDENTIALS);
      const again = await login('secadmin', changed);
      expect(again.code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
      expect(again.data).toMatchObject({ enrol: false }); // enrolled now: a code, no enrolment
      passwords.set('secadmin', changed);
    },
    CLI_TIMEOUT,
  );

  it(
    'a second run is refused and changes nothing; --reset <account> gives one account a new one-time password',
    async () => {
      const before = await users();
      const second = await runCli('admin-init-cli.ts', [], env);
      expect(second.code).toBe(2);
      expect(second.err).toContain('三员账号已存在');
      expect(second.out).not.toMatch(/一次性密码 /);
      expect(await users()).toEqual(before);
      const other = await runCli('admin-init-cli.ts', ['--system', 'sysadmin2'], env);
      expect(other.code).toBe(2);
      expect(await users()).toEqual(before);
      expect((await runCli('admin-init-cli.ts', ['--reset', 'nobody'], env)).code).toBe(2);

      const reset = await runCli('admin-init-cli.ts', ['--reset', 'secadmin'], env);
      expect(reset.code, reset.err).toBe(0);
      const fresh = printed(reset.out).get('secadmin')!;
      expect(fresh).toBeTruthy();
      expect((await login('secadmin', passwords.get('secadmin')!)).code).toBe(ErrorCode.BAD_CREDENTIALS);
      const next = await login('secadmin', fresh);
      expect(next.code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
      expect(next.data).toMatchObject({ enrol: true }); // its authenticator went with the reset
      const rows = await handle.db
        .selectFrom('sys_audit')
        .select(['action', 'result'])
        .where('action', 'like', 'admin.init%')
        .orderBy('seq')
        .execute();
      expect(rows).toEqual([
        { action: 'admin.init', result: 'ok' },
        { action: 'admin.init', result: 'denied' },
        { action: 'admin.init', result: 'denied' },
        { action: 'admin.init.reset', result: 'denied' },
        { action: 'admin.init.reset', result: 'ok' },
      ]);
      const verify = await runCli('audit-verify-cli.ts', [], env);
      expect(verify.code, verify.out + verify.err).toBe(0);
    },
    CLI_TIMEOUT,
  );
});
