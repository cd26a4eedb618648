import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPROVAL_SAMPLES } from '@oa/shared/test/approval-samples';
import { recordRoute } from '@oa/shared/modules/registry';
import { createTestApp, sqliteFileCopy, testDialects, type TestApp } from '../../../test/harness';
import { base } from '../../../test/records/records-fixture';
import { freePort, startServer, type ServerProcess } from '../../../test/server-process';
import { smtpFarEnd } from '@oa/shared/test/smtp-far-end';
import { notifyConfigOf } from '../../core/notify/notify-config';

/**
 * Exactly once across kill -9 and two instances, with real server processes (as `npm start` runs them) on one
 * database and a real SMTP server. What is guaranteed (docs/architecture.md「消息通知」): a delivery is claimed by
 * one worker at a time (claim token + lease, renewed while sending); a worker killed before the far end has the
 * message leaves it to the next one, which sends it once; a worker killed after the far end took the message but
 * before its answer cannot know it arrived, so the next one sends it again under the same Message-ID, and a far
 * end that files by Message-ID keeps one. Nothing is lost either way.
 */
const DIALECTS = await testDialects();
const LEADER = 'leader@assoc.org.cn';
const sample = APPROVAL_SAMPLES.find((s) => s.code === 'oa_sign')!;

describe.each(DIALECTS)('messages exactly once across kill -9 and two instances on %s', (dialect) => {
  let far: Awaited<ReturnType<typeof smtpFarEnd>>;
  let dir: string;
  let observer: TestApp;
  let databaseUrl: string | undefined;
  const procs: ServerProcess[] = [];

  beforeAll(async () => {
    far = await smtpFarEnd(20);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-notify-crash-'));
    const notify = { ...notifyConfigOf({}, 8080), pollMs: 0 };
    observer =
      dialect === 'sqlite'
        ? await createTestApp(dialect, { sqliteFile: await sqliteFileCopy(dir), notify })
        : await createTestApp(dialect, { notify });
    databaseUrl = observer.config.databaseUrl;
    // the demo's own messages are not part of this test
    await observer.ctx.db.updateTable('notify_outbox').set({ dispatched: 'Y' }).execute();
    await observer.ctx.db.deleteFrom('notify_delivery').execute();
    await start();
  }, 120_000);
  afterAll(async () => {
    for (const p of procs) await p.kill9();
    await observer?.close();
    await far?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    const p = await startServer({
      port: await freePort(),
      dataDir: dir,
      databaseUrl,
      env: {
        OA_SMTP_URL: far.url,
        OA_SMTP_FROM: 'oa@example.org',
        OA_PUBLIC_URL: 'https://oa.example.org',
        OA_NOTIFY_POLL_MS: '100',
        OA_NOTIFY_LEASE_MS: '1500',
      },
    });
    procs.push(p);
    return p;
  };
  /** staff submits an application on `p`; answers the link of the approver's message */
  const tokens = new Map<ServerProcess, Promise<string>>();
  const event = async (p: ServerProcess) => {
    if (!tokens.has(p)) tokens.set(p, p.login('staff'));
    const res = await p.call('POST', `${base('oa_sign')}/submit`, { data: sample.data }, await tokens.get(p)!);
    expect(res.code, res.message).toBe(0);
    return `/oa${recordRoute('oa_sign', String(res.data.id))}`;
  };
  const sentTo = (link: string) => far.transmissions.filter((t) => t.to === LEADER && t.text.includes(`https://oa.example.org${link}`));
  const filed = (link: string) => [...far.mailbox.values()].filter((t) => t.to === LEADER && t.text.includes(link));
  const deliveryOf = (link: string) =>
    observer.ctx.db
      .selectFrom('notify_delivery')
      .innerJoin('notify_outbox', 'notify_outbox.id', 'notify_delivery.outbox_id')
      .select(['notify_delivery.id', 'notify_delivery.status', 'notify_delivery.attempts'])
      .where('notify_outbox.link', '=', link)
      .where('notify_delivery.channel', '=', 'email')
      .where('notify_outbox.user_code', '=', 'leader')
      .executeTakeFirst();
  const settled = (link: string) =>
    vi.waitFor(async () => expect(await deliveryOf(link)).toMatchObject({ status: 'sent' }), { timeout: 10_000, interval: 100 });

  it('a server killed inside its send, before the far end has the message: the next server sends it once', async () => {
    const a = procs[0];
    const before = far.holdNext(LEADER, 'rcpt');
    const link = await event(a);
    await before.held; // the worker connected and named the recipient; the far end waits before the message
    await a.kill9();
    before.release();
    expect(await deliveryOf(link)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(sentTo(link)).toHaveLength(0);

    await start();
    await settled(link);
    expect(sentTo(link)).toHaveLength(1);
    expect(filed(link)).toHaveLength(1);
    expect(await deliveryOf(link)).toMatchObject({ attempts: 2 });
  }, 90_000);

  it('a server killed after the far end took the message, before its answer: sent again once, under the same Message-ID', async () => {
    const b = procs[1];
    const after = far.holdNext(LEADER, 'data');
    const link = await event(b);
    await after.held;
    await b.kill9();
    after.release();
    expect(sentTo(link)).toHaveLength(1);
    const d = (await deliveryOf(link))!;
    expect(d).toMatchObject({ status: 'sending', attempts: 1 });

    // two new servers at once: one of them takes the delivery over
    await Promise.all([start(), start()]);
    await settled(link);
    const copies = sentTo(link);
    // the sender could not know the far end had it: sent again under the delivery's own Message-ID, filed once
    expect(copies).toHaveLength(2);
    expect(copies.map((c) => c.messageId)).toEqual([`<${d.id.replace(/[^A-Za-z0-9.-]/g, '.')}@assocoa>`, copies[0].messageId]);
    expect(filed(link)).toHaveLength(1);
    expect(await deliveryOf(link)).toMatchObject({ status: 'sent', attempts: 2 });
  }, 90_000);

  it('two instances on one database send each of many messages exactly once', async () => {
    const [c, d] = procs.slice(2);
    // many events at once and a slow far end: both instances list the same due deliveries and race to claim them
    far.opts.answerDelayMs = 150;
    // (SQLite: the requests go to one process; two processes writing one SQLite file at once may answer SQLITE_BUSY)
    const links = await Promise.all(Array.from({ length: 8 }, (_, i) => event(i % 2 && dialect === 'postgres' ? d : c)));
    for (const link of links) await settled(link);
    // every delivery of the run settled, none claimed twice
    await vi.waitFor(
      async () =>
        expect(await observer.ctx.db.selectFrom('notify_delivery').select('id').where('status', '!=', 'sent').execute()).toEqual([]),
      { timeout: 10_000, interval: 100 },
    );
    for (const link of links) {
      expect(sentTo(link), link).toHaveLength(1);
      expect(await deliveryOf(link)).toMatchObject({ status: 'sent', attempts: 1 });
    }
    const ids = far.transmissions.map((t) => t.messageId);
    // one copy per Message-ID, except the message the previous test cut after the far end took it
    expect(ids.length - new Set(ids).size).toBe(1);
  }, 60_000);
});
