import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_SAMPLES } from '@oa/shared/test/approval-samples';
import { recordRoute } from '@oa/shared/modules/registry';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { submit } from '../../../test/records/approval-kit';
import { pushFarEnd } from '../../../test/notify/push-far-end';
import { notifyConfigOf } from '../../core/notify/notify-config';
import { buildAdapters } from './channels';
import { runOnce, workerId } from './notify-worker';
import { endpointRefusal } from './push-endpoint';

const DIALECTS = await testDialects();
const SUBSCRIBE = '/oa/api/auth/oa/notify/push/subscribe';
const UNSUBSCRIBE = '/oa/api/auth/oa/notify/push/unsubscribe';

describe('which push endpoints the server POSTs to (SSRF rule)', () => {
  it('takes https on the well-known push services only, and hosts the administrator lists', () => {
    const none: string[] = [];
    expect(endpointRefusal('https://fcm.googleapis.com/fcm/send/abc', none)).toBeNull();
    expect(endpointRefusal('https://updates.push.services.mozilla.com/wpush/v2/x', none)).toBeNull();
    expect(endpointRefusal('https://wns2-by3p.notify.windows.com/w/?token=x', none)).toBeNull();
    expect(endpointRefusal('https://web.push.apple.com/QO', none)).toBeNull();
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://10.0.0.5/x',
      'https://169.254.169.254/latest/meta-data',
      'http://localhost:6379/',
      'https://push.example.org/x',
      'file:///etc/passwd',
      'not a url',
    ])
      expect(endpointRefusal(bad, none), bad).not.toBeNull();
    expect(endpointRefusal('http://127.0.0.1:18690/push', ['127.0.0.1:18690'])).toBeNull();
    expect(endpointRefusal('http://127.0.0.1:18691/push', ['127.0.0.1:18690'])).not.toBeNull();
    expect(endpointRefusal('https://push.internal.example/x', ['push.internal.example'])).toBeNull();
    expect(endpointRefusal('https://push.internal.example:8443/x', ['push.internal.example'])).not.toBeNull();
  });
});

describe.each(DIALECTS)('Web Push to the installed web app on %s', (dialect) => {
  let far: Awaited<ReturnType<typeof pushFarEnd>>;
  let t: TestApp;
  const flaky = { failures: 1 };

  beforeAll(async () => {
    far = await pushFarEnd((path, n) => (path === '/push/gone' ? 410 : path === '/push/flaky' && n <= flaky.failures ? 503 : 201));
    t = await createTestApp(dialect, {
      notify: { ...notifyConfigOf({}, 8080), publicUrl: 'https://oa.example.org', pollMs: 0, pushAllowedHosts: [far.host] },
    });
  });
  afterAll(async () => {
    await t?.close();
    await far?.close();
  });

  const subs = () => t.ctx.db.selectFrom('notify_push_sub').selectAll().execute();
  const round = () => runOnce(t.ctx, buildAdapters(t.ctx, t.config.notify), workerId());

  it('refuses an endpoint the server must not POST to, and bad keys, with a 400 naming the field', async () => {
    const leader = await t.login('leader');
    const good = far.subscribe('/push/x');
    for (const [endpoint, field] of [
      ['http://127.0.0.1:6379/', 'endpoint'],
      ['https://10.0.0.5/push', 'endpoint'],
      ['https://169.254.169.254/latest', 'endpoint'],
      ['https://push.attacker.example/x', 'endpoint'],
      ['http://fcm.googleapis.com/fcm/send/x', 'endpoint'],
    ] as const) {
      const res = await t.call('POST', SUBSCRIBE, { token: leader, body: { endpoint, keys: good.keys } });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message).toContain(`字段：${field}`);
    }
    await t.ctx.db.deleteFrom('notify_push_sub').execute();
    const badPoint = { ...good.keys, p256dh: Buffer.alloc(65, 1).toString('base64url') };
    const r1 = await t.call('POST', SUBSCRIBE, { token: leader, body: { endpoint: good.endpoint, keys: badPoint } });
    expect([r1.status, r1.body.message]).toEqual([400, expect.stringContaining('keys.p256dh')]);
    const r2 = await t.call('POST', SUBSCRIBE, { token: leader, body: { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh } } });
    expect(r2.status).toBe(400);
    expect(await subs()).toHaveLength(0);
  });

  it('sends an event to each subscribed browser, encrypted for it, signed with the VAPID key; a gone one is removed', async () => {
    const leader = await t.login('leader');
    const key = await t.call('GET', '/oa/api/auth/oa/notify/push/key', { token: leader });
    expect(key.body.data).toMatchObject({ enabled: true });
    const publicKey = key.body.data.publicKey as string;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // generated once and kept in the database, as the JWT key is
    const kept = await t.ctx.db.selectFrom('sys_config').select('value').where('key', '=', 'vapid_keys').executeTakeFirstOrThrow();
    expect(JSON.parse(kept.value)).toMatchObject({ publicKey });

    const phone = far.subscribe('/push/phone');
    const old = far.subscribe('/push/gone');
    for (const s of [phone, old]) expect((await t.call('POST', SUBSCRIBE, { token: leader, body: s })).body.code).toBe(0);
    expect(await subs()).toHaveLength(2);

    const sample = APPROVAL_SAMPLES.find((s) => s.code === 'oa_sign')!;
    const res = await submit(t, await t.login('staff'), 'oa_sign', sample.data);
    expect(res.body.code).toBe(0);
    const link = `https://oa.example.org/oa${recordRoute('oa_sign', String(res.body.data.id))}`;
    const message = await t.ctx.db
      .selectFrom('wf_notification')
      .select(['title', 'content'])
      .where('user_code', '=', 'leader')
      .where('record_id', '=', String(res.body.data.id))
      .executeTakeFirstOrThrow();
    await round();

    const got = far.received.filter((r) => r.path === '/push/phone');
    expect(got).toHaveLength(1);
    expect(got[0].error).toBeNull();
    expect(got[0].payload).toMatchObject({ title: message.title, body: message.content, link });
    expect(got[0].headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got[0].headers.ttl)).toBeGreaterThan(0);
    expect(got[0].headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(got[0].vapid).toMatchObject({ k: publicKey, aud: `http://${far.host}`, sub: expect.stringMatching(/^(mailto|https):/) });

    // the gone browser: one attempt, no retries, the subscription deleted, the answer in the log
    expect(far.received.filter((r) => r.path === '/push/gone')).toHaveLength(1);
    expect(await subs()).toEqual([expect.objectContaining({ user_code: 'leader', endpoint: phone.endpoint })]);
    const gone = await t.ctx.db
      .selectFrom('notify_delivery')
      .selectAll()
      .where('channel', '=', 'webpush')
      .where('status', '=', 'failed')
      .execute();
    expect(gone).toEqual([expect.objectContaining({ attempts: 1, last_answer: expect.stringContaining('HTTP 410') })]);
    await round();
    expect(far.received.filter((r) => r.path === '/push/gone')).toHaveLength(1);
  });

  it('retries a push service that is down, and stops when the browser is switched off', async () => {
    const leader = await t.login('leader');
    const staff = await t.login('staff');
    const tablet = far.subscribe('/push/flaky');
    expect((await t.call('POST', SUBSCRIBE, { token: leader, body: tablet })).body.code).toBe(0);
    const sample = APPROVAL_SAMPLES.find((s) => s.code === 'oa_sign')!;
    expect((await submit(t, staff, 'oa_sign', sample.data)).body.code).toBe(0);
    await round();
    const rows = await t.ctx.db
      .selectFrom('notify_delivery')
      .selectAll()
      .where('channel', '=', 'webpush')
      .where('status', '=', 'pending')
      .execute();
    expect(rows).toEqual([expect.objectContaining({ attempts: 1, last_answer: expect.stringContaining('HTTP 503') })]);
    // its time comes: sent, once
    await t.ctx.db.updateTable('notify_delivery').set({ next_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', rows[0].id).execute();
    await round();
    expect(far.received.filter((r) => r.path === '/push/flaky').map((r) => r.payload?.tag)).toEqual([rows[0].id, rows[0].id]);
    expect(
      await t.ctx.db.selectFrom('notify_delivery').select(['status', 'attempts']).where('id', '=', rows[0].id).executeTakeFirst(),
    ).toEqual({
      status: 'sent',
      attempts: 2,
    });

    // staff cannot switch off the leader's browser; the leader can
    await t.call('POST', UNSUBSCRIBE, { token: staff, body: { endpoint: tablet.endpoint } });
    expect((await subs()).map((s) => s.endpoint)).toContain(tablet.endpoint);
    for (const s of await subs()) await t.call('POST', UNSUBSCRIBE, { token: leader, body: { endpoint: s.endpoint } });
    expect(await subs()).toHaveLength(0);
    const before = far.received.length;
    expect((await submit(t, staff, 'oa_sign', sample.data)).body.code).toBe(0);
    await round();
    expect(far.received).toHaveLength(before);
  });
});
