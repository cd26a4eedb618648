import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { notifyConfigOf } from '../../core/notify/notify-config';
import { insertNotices } from '../../core/ports/notice.repository';
import { httpSmsProvider } from '../../core/identity/sms-provider';
import { buildAdapters } from './channels';
import { runOnce, type Adapters } from './notify-worker';

/**
 * Text messages to outside applicants (issue 36): their number is kept only sealed in sys_user, and a delivery row, the
 * delivery log and its attempts keep it masked; the gateway (a real HTTP server here, as OA_SMS_HTTP_URL) gets the
 * number, opened from the account when the text is sent. Staff numbers go as before.
 */
const DIALECTS = await testDialects();
const APPLICANT = { user: 'applicant', mobile: '18528756362', masked: '185****6362' };

/** An SMS gateway over HTTP that keeps every `{ mobile, content }` posted to it. */
async function smsGateway() {
  const got: Array<{ mobile: string; content: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push(JSON.parse(body) as { mobile: string; content: string });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    got,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(DIALECTS)('text messages to outside applicants on %s', (dialect) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof smsGateway>>;
  let adapters: Adapters;

  beforeAll(async () => {
    gateway = await smsGateway();
    t = await createTestApp(dialect, { notify: { ...notifyConfigOf({ OA_NOTIFY_SMS: 'on' }, 8080), pollMs: 0 } });
    t.ctx.sms = httpSmsProvider(gateway.url, undefined);
    adapters = buildAdapters(t.ctx, t.ctx.config.notify);
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  const staffMobile = async () =>
    (await t.ctx.db.selectFrom('sys_user').select('mobile').where('user_code', '=', 'staff').executeTakeFirstOrThrow()).mobile!;

  it('an outside applicant gets the text; no delivery row nor attempt keeps the number; a staff member as before', async () => {
    const notice = { kind: 'result' as const, title: '申报结果', content: '您的项目申报已通过初审', moduleCode: null, recordId: null };
    await insertNotices(t.ctx.db, [APPLICANT.user, 'staff'], notice);
    await runOnce(t.ctx, adapters, 'sms-test');
    const texts = gateway.got.filter((g) => g.content.includes('您的项目申报已通过初审'));
    expect(texts.map((g) => g.mobile).sort()).toEqual([APPLICANT.mobile, await staffMobile()].sort());

    const rows = await t.ctx.db
      .selectFrom('notify_delivery')
      .selectAll()
      .where('channel', '=', 'sms')
      .where('user_code', 'in', [APPLICANT.user, 'staff'])
      .execute();
    const mine = rows.find((r) => r.user_code === APPLICANT.user)!;
    expect(mine).toMatchObject({ status: 'sent', address: APPLICANT.masked });
    expect(rows.find((r) => r.user_code === 'staff')).toMatchObject({ status: 'sent', address: await staffMobile() });
    const attempts = await t.ctx.db.selectFrom('notify_attempt').selectAll().where('delivery_id', '=', mine.id).execute();
    expect(attempts.length).toBeGreaterThan(0);
    expect(JSON.stringify([mine, attempts])).not.toContain(APPLICANT.mobile);

    // the administrator's delivery log shows it masked
    const log = await t.call('GET', '/oa/api/auth/oa/notify/log', {
      token: await t.login('admin'),
      query: { pageSize: '50' },
    });
    expect(log.body.code, log.body.message).toBe(0);
    const listed = (log.body.data.list as Array<{ userCode: string; address: string; channel: string }>).filter(
      (d) => d.userCode === APPLICANT.user && d.channel === 'sms',
    );
    expect(listed.map((d) => d.address)).toEqual([APPLICANT.masked]);
  });
});
