import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { APPROVAL_SAMPLES } from '@oa/shared/test/approval-samples';
import { recordRoute } from '@oa/shared/modules/registry';
import { createTestApp, sqliteFileCopy, testDialects, type TestApp } from '../../../test/harness';
import { driveToApproved, submit } from '../../../test/records/approval-kit';
import { notifyConfigOf, type NotifyConfig } from '../../core/notify/notify-config';
import { dropPgDatabase } from '../../../test/test-databases';
import { dingtalkSign } from './robot-sign';
import { outboxFigures } from './notify-worker';

const DIALECTS = await testDialects();
const SECRET = 'SECtest-robot-secret';

interface Mail {
  to: string;
  /** the message as it arrived (headers and encoded parts) */
  raw: string;
  /** the decoded text and HTML parts (a mail client's reading: quoted-printable or base64, as the sender chose) */
  text: string;
  html: string;
}

/** A real SMTP server (smtp-server) and a robot endpoint that refuses a wrong DingTalk signature. */
async function farEnds() {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(',');
          mails.push({ to, raw: raw.toString('latin1'), text: parsed.text ?? '', html: parsed.html || '' });
          done();
        }, done);
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const robot: Array<{ text: string }> = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const ts = Number(u.searchParams.get('timestamp'));
      const good = Math.abs(Date.now() - ts) < 3600_000 && u.searchParams.get('sign') === dingtalkSign(SECRET, ts);
      res.setHeader('content-type', 'application/json');
      if (!good) {
        refused.push(body);
        res.end(JSON.stringify({ errcode: 310000, errmsg: 'sign not match' }));
        return;
      }
      robot.push({ text: (JSON.parse(body) as { markdown: { text: string } }).markdown.text });
      res.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const cfg = (pollMs: number): NotifyConfig => ({
    ...notifyConfigOf({}, 8080),
    publicUrl: 'https://oa.example.org',
    pollMs,
    smtp: { url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?tls=off`, from: 'oa@example.org' },
    dingtalkRobot: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/robot/send?access_token=t`, secret: SECRET },
  });
  const close = async () => {
    await new Promise<void>((r) => smtp.close(() => r()));
    await new Promise<void>((r) => server.close(() => r()));
  };
  return { mails, robot, refused, cfg, close };
}

describe.each(DIALECTS)('messages on every channel, exactly once, on %s', (dialect) => {
  let ends: Awaited<ReturnType<typeof farEnds>>;
  let dir: string;
  let first: TestApp;
  let dbAt: { sqliteFile?: string; databaseUrl?: string };
  const instances: TestApp[] = [];

  beforeAll(async () => {
    ends = await farEnds();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-notify-'));
    if (dialect === 'sqlite') {
      dbAt = { sqliteFile: await sqliteFileCopy(dir) };
      first = await createTestApp(dialect, { ...dbAt, notify: ends.cfg(0) });
    } else {
      first = await createTestApp(dialect, { notify: ends.cfg(0) });
      dbAt = { databaseUrl: first.config.databaseUrl };
    }
  });
  afterAll(async () => {
    for (const a of instances) await a.close();
    if (dbAt?.databaseUrl) await dropPgDatabase(new URL(dbAt.databaseUrl).pathname.slice(1));
    await ends?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an event taken by an instance that ends before sending is sent by the next one, exactly once, with a link', async () => {
    const sample = APPROVAL_SAMPLES.find((s) => s.code === 'oa_sign')!;
    const staff = await first.login('staff');
    const res = await submit(first, staff, 'oa_sign', sample.data);
    expect(res.body).toMatchObject({ code: 0 });
    const recordId = String(res.body.data.id);
    const link = `https://oa.example.org/oa${recordRoute('oa_sign', recordId)}`;
    // the instance that took the event is gone before any send (its worker never ran)
    expect(await outboxFigures(first.ctx)).toMatchObject({ pending: 1, sentLastHour: 0 });
    await first.app.close(); // the database stays (dropped in afterAll)
    expect(ends.mails).toHaveLength(0);

    // two instances on the same database, both sending
    instances.push(await createTestApp(dialect, { ...dbAt, notify: ends.cfg(200) }));
    instances.push(await createTestApp(dialect, { ...dbAt, notify: ends.cfg(200) }));
    const [a] = instances;
    await vi.waitFor(() => expect(ends.mails.filter((m) => m.to === 'leader@assoc.org.cn')).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
    await vi.waitFor(() => expect(ends.robot).toHaveLength(1), { timeout: 10_000, interval: 100 });
    // the leader's mail: other demo events (a step's time-out reminder, say) may be sent on the same run
    const mail = ends.mails.find((m) => m.to === 'leader@assoc.org.cn')!;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(ends.robot[0].text).toContain(link);
    expect(ends.refused).toHaveLength(0);

    // decided: the initiator is told on their channels
    const before = ends.mails.length;
    expect((await driveToApproved(a, 'oa_sign', recordId)).status).toBe('approved');
    await vi.waitFor(() => expect(ends.mails.filter((m) => m.to === 'staff@assoc.org.cn').length).toBeGreaterThan(0), {
      timeout: 10_000,
      interval: 100,
    });
    // settle: every outbox row sent once per channel, no copy on either side
    await vi.waitFor(async () => expect(await outboxFigures(a.ctx)).toMatchObject({ pending: 0, retrying: 0, failed: 0 }), {
      timeout: 10_000,
      interval: 200,
    });
    const deliveries = await a.ctx.db.selectFrom('notify_delivery').select(['id', 'status', 'attempts', 'channel']).execute();
    expect(deliveries.every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
    expect(ends.mails).toHaveLength(deliveries.filter((d) => d.channel === 'email').length);
    expect(ends.robot).toHaveLength(deliveries.filter((d) => d.channel === 'dingtalk_robot').length);
    expect(ends.mails.length).toBeGreaterThan(before);
    const ids = ends.mails.map((m) => /Message-ID: (<[^>]+>)/i.exec(m.raw)?.[1]);
    expect(new Set(ids).size).toBe(ids.length);
    // the worker's rounds are background jobs of the metrics
    expect(await a.ctx.metrics.registry.getSingleMetricAsString('oa_jobs_total')).toMatch(
      /oa_jobs_total\{job="notify-outbox",result="ok"\} [1-9]/,
    );
  });

  it('shows the administrator the log and the far end answer of a test send; refuses the page to staff', async () => {
    const [a] = instances;
    const admin = await a.login('admin');
    const log = await a.call('GET', '/oa/api/auth/oa/notify/log', { token: admin, query: { pageSize: '50' } });
    expect(log.body.code).toBe(0);
    expect(log.body.data.list.length).toBeGreaterThan(0);
    expect(log.body.data.list[0]).toMatchObject({ status: 'sent' });
    const attempts = await a.call('GET', '/oa/api/auth/oa/notify/attempts', {
      token: admin,
      query: { deliveryId: log.body.data.list[0].id },
    });
    expect(attempts.body.data).toHaveLength(1);
    expect(attempts.body.data[0].answer).toMatch(/^250/);
    const sent = await a.call('POST', '/oa/api/auth/oa/notify/testSend', { token: admin, body: { channel: 'dingtalk_robot' } });
    expect(sent.body.data).toMatchObject({ ok: true, answer: expect.stringContaining('"errcode":0') });
    const bad = await a.call('POST', '/oa/api/auth/oa/notify/saveChannel', {
      token: admin,
      body: { channel: 'fax', enabled: true, kinds: [] },
    });
    expect(bad.status).toBe(400);
    const staff = await a.login('staff');
    expect((await a.call('GET', '/oa/api/auth/oa/notify/log', { token: staff })).status).toBe(403);
  });
});
