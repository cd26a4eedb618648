import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_SAMPLES } from '@oa/shared/test/approval-samples';
import { recordRoute } from '@oa/shared/modules/registry';
import { chinaTime } from '@oa/shared/format/china-time';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { submit } from '../../../test/records/approval-kit';
import { smtpCatcher } from '../../../test/notify-kit';
import { notifyConfigOf } from '../../core/notify/notify-config';
import { buildAdapters } from './channels';
import { runOnce, type Adapters } from './notify-worker';

const DIALECTS = await testDialects();
const PREFS = '/oa/api/auth/oa/notify/myPrefs';
const SAVE = '/oa/api/auth/oa/notify/saveMyPrefs';
const URL_BASE = 'https://oa.example.org';
const sample = APPROVAL_SAMPLES.find((s) => s.code === 'oa_sign')!;

describe.each(DIALECTS)('notification events and personal preferences on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpCatcher>>;
  let adapters: Adapters;
  const run = (now?: string) => runOnce(t.ctx, adapters, 'test-worker', now);
  const tokens = new Map<string, string>();
  const as = async (u: string) => tokens.get(u) ?? tokens.set(u, await t.login(u)).get(u)!;

  beforeAll(async () => {
    smtp = await smtpCatcher();
    t = await createTestApp(dialect, {
      notify: { ...notifyConfigOf({}, 8080), publicUrl: URL_BASE, pollMs: 0, smtp: { url: smtp.url, from: 'oa@example.org' } },
    });
    adapters = buildAdapters(t.ctx, t.ctx.config.notify);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** staff applies; answers the record id, its link and the leader's open task. */
  async function apply() {
    const res = await submit(t, await as('staff'), 'oa_sign', sample.data);
    expect(res.body.code, res.body.message).toBe(0);
    const recordId = String(res.body.data.id);
    const rec = await t.ctx.db.selectFrom('business_record').select('instance_id').where('id', '=', recordId).executeTakeFirstOrThrow();
    const task = await t.ctx.db
      .selectFrom('wf_task')
      .select('id')
      .where('instance_id', '=', rec.instance_id!)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return { recordId, link: `${URL_BASE}/oa${recordRoute('oa_sign', recordId)}`, taskId: task.id };
  }
  const outbox = (user: string, event: string, link?: string) => {
    let q = t.ctx.db.selectFrom('notify_outbox').selectAll().where('user_code', '=', user).where('event', '=', event);
    if (link) q = q.where('link', '=', link.slice(URL_BASE.length));
    return q.execute();
  };
  const deliveriesOf = (outboxIds: string[]) =>
    t.ctx.db.selectFrom('notify_delivery').selectAll().where('outbox_id', 'in', outboxIds).execute();
  const savePrefs = (user: string, body: unknown) => as(user).then((token) => t.call('POST', SAVE, { token, body }));

  it('a new to-do: one outbox row for the approver, one mail with the link; an @mention reaches a reader, never a non-reader', async () => {
    const a = await apply();
    const rows = await outbox('leader', 'task', a.link);
    expect(rows).toHaveLength(1);
    await run();
    expect(await deliveriesOf([rows[0].id])).toMatchObject([{ channel: 'email', status: 'sent', attempts: 1 }]);
    const mails = smtp.mails.filter((m) => m.to === 'leader@assoc.org.cn' && m.text.includes(a.link));
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toContain(`href="${a.link}"`);

    // 张伟 may not read staff's application (another department, no management grant); the administrator may
    const zw = await t.call('GET', '/oa/api/auth/oa/records/oa_sign/get', { token: await as('zhangwei'), query: { id: a.recordId } });
    expect(zw.status).toBe(404);
    const approved = await t.call('POST', '/oa/api/auth/oa/process/approve', {
      token: await as('leader'),
      body: { taskId: a.taskId, comment: '同意，请 @张伟 和 @系统管理员 阅示' },
    });
    expect(approved.body.code, approved.body.message).toBe(0);
    expect(await outbox('admin', 'mention', a.link)).toHaveLength(1);
    expect(await outbox('zhangwei', 'mention')).toHaveLength(0);
    expect(
      await t.ctx.db.selectFrom('wf_notification').select('id').where('user_code', '=', 'zhangwei').where('kind', '=', 'comment').execute(),
    ).toHaveLength(0);
    await run();
    const mention = smtp.mails.filter((m) => m.to === 'admin@assoc.org.cn' && m.subject.startsWith('@提及'));
    expect(mention).toHaveLength(1);
    expect(mention[0].text).toContain(a.link);
    expect(smtp.mails.filter((m) => m.to === 'zhangwei@assoc.org.cn' && m.subject.startsWith('@提及'))).toHaveLength(0);
  });

  it('a channel switched off for an event sends nothing; quiet hours hold the message until they end, then once', async () => {
    expect(
      (
        await savePrefs('leader', {
          choices: [{ event: 'task', channel: 'email', mode: 'off' }],
          quietFrom: null,
          quietTo: null,
          digestAt: '18:00',
        })
      ).body.code,
    ).toBe(0);
    const off = await apply();
    const offRows = await outbox('leader', 'task', off.link);
    expect(offRows).toHaveLength(1); // the in-app message and its outbox row are written as ever
    await run();
    expect(await deliveriesOf([offRows[0].id])).toHaveLength(0);
    expect(smtp.mails.filter((m) => m.text.includes(off.link))).toHaveLength(0);

    // quiet from an hour ago to an hour from now (China time)
    const now = Date.now();
    const quietTo = chinaTime(now + 3600_000);
    const saved = await savePrefs('leader', { choices: [], quietFrom: chinaTime(now - 3600_000), quietTo, digestAt: '18:00' });
    expect(saved.body.code, saved.body.message).toBe(0);
    const held = await apply();
    const heldRows = await outbox('leader', 'task', held.link);
    await run();
    const [d] = await deliveriesOf([heldRows[0].id]);
    expect(d).toMatchObject({ status: 'pending', attempts: 0 });
    expect(Date.parse(d.next_at)).toBeGreaterThan(now + 3500_000);
    expect(chinaTime(d.next_at)).toBe(quietTo);
    expect(smtp.mails.filter((m) => m.text.includes(held.link))).toHaveLength(0);
    const after = new Date(Date.parse(d.next_at) + 1000).toISOString();
    await run(after);
    await run(after);
    expect(smtp.mails.filter((m) => m.text.includes(held.link))).toHaveLength(1);
    expect((await deliveriesOf([heldRows[0].id]))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a daily digest: one mail at the chosen time listing every item with its link, each sent once', async () => {
    const saved = await savePrefs('leader', {
      choices: [{ event: 'task', channel: 'email', mode: 'digest' }],
      quietFrom: null,
      quietTo: null,
      digestAt: '07:15',
    });
    expect(saved.body.code, saved.body.message).toBe(0);
    const items = [await apply(), await apply(), await apply()];
    const rows = (await Promise.all(items.map((i) => outbox('leader', 'task', i.link)))).flat();
    expect(rows).toHaveLength(3);
    await run();
    const held = await deliveriesOf(rows.map((r) => r.id));
    expect(held).toHaveLength(3);
    expect(held.every((d) => d.digest === 'Y' && d.status === 'pending' && chinaTime(d.next_at) === '07:15')).toBe(true);
    expect(smtp.mails.filter((m) => items.some((i) => m.text.includes(i.link)))).toHaveLength(0);
    const at = new Date(Math.max(...held.map((d) => Date.parse(d.next_at))) + 1000).toISOString();
    await run(at);
    await run(at);
    const digests = smtp.mails.filter((m) => items.some((i) => m.text.includes(i.link)));
    expect(digests).toHaveLength(1);
    expect(digests[0].subject).toContain('共 3 条');
    for (const i of items) {
      expect(digests[0].text).toContain(i.link);
      expect(digests[0].html).toContain(`href="${i.link}"`);
    }
    expect((await deliveriesOf(rows.map((r) => r.id))).every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
  });

  it('answers the choices it stored; refuses bad ones with a 400 naming the field and writes nothing', async () => {
    const token = await as('staff');
    const good = {
      choices: [{ event: 'meeting_invite', channel: 'email', mode: 'digest' }],
      quietFrom: '22:00',
      quietTo: '07:00',
      digestAt: '08:30',
    };
    expect((await t.call('POST', SAVE, { token, body: good })).body.code).toBe(0);
    const mine = await t.call('GET', PREFS, { token });
    expect(mine.body.data).toMatchObject(good);
    // e-mail (configured here, staff has an address) and Web Push (always on; staff subscribed no browser)
    const channels = mine.body.data.channels as Array<{ channel: string; reachable: boolean; events: string[] }>;
    expect(channels.map((c) => [c.channel, c.reachable])).toEqual([
      ['email', true],
      ['webpush', false],
    ]);
    expect(channels[0].events).toContain('mention');
    const bad: Array<[unknown, RegExp]> = [
      [{ ...good, quietFrom: '25:00' }, /quietFrom/],
      [{ ...good, quietTo: null }, /免打扰/],
      [{ ...good, digestAt: '8点' }, /digestAt/],
      [{ ...good, choices: [{ event: 'lottery', channel: 'email', mode: 'off' }] }, /choices/],
      [{ ...good, choices: [{ event: 'task', channel: 'sms', mode: 'off' }] }, /短信/],
    ];
    for (const [body, msg] of bad) {
      const res = await t.call('POST', SAVE, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(msg);
    }
    expect((await t.call('GET', PREFS, { token })).body.data).toMatchObject(good);
  });
});
