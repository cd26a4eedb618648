import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { staffRegister } from '@oa/shared/modules/hr-staff.module';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';
import { multipartBody } from '../../test/upload-kit';
import { sampleSheet, upload, xlsx } from '../../test/records/register-kit';
import { registerGauge, trackJob } from '../core/metrics';
import { startMetricsListener } from './observability';

const DIALECTS = await testDialects();
const SALARY = '/oa/api/auth/oa/salary';
const BANK = '6222020200112233445';
const PAY = 8765.43;

describe.each(DIALECTS)('logs and metrics on %s', (dialect) => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (c: Buffer) => (log += c.toString()));
    t = await createTestApp(
      dialect,
      { logLevel: 'info', metricsToken: 'metrics-token-for-tests', loginCaptcha: 'off' },
      { logStream: stream },
    );
  });
  afterAll(() => t.close());

  it('a journey (logins, salary slips, a staff record with its ID number) leaves no secret in the log', async () => {
    const secrets: string[] = [BANK, String(PAY), 'Oa@123456', hashPassword('Oa@123456')];
    const wrong = await t.call('POST', '/oa/api/base/browserLogin', { body: { username: 'staff', password: hashPassword('Wrong@1234') } });
    expect(wrong.body.code).not.toBe(0);
    secrets.push(hashPassword('Wrong@1234'));
    const [admin, finance, staff] = [await t.login('admin'), await t.login('huangli'), await t.login('staff')];
    secrets.push(admin, finance, staff);

    const sheet = await xlsxOf([
      ['工号', '姓名', '手机号', '银行卡号', '基本工资', '加班费', '实发工资'],
      ['staff', '刘小雨', '', BANK, PAY, 0, PAY],
    ]);
    const mp = multipartBody({ name: '工资.xlsx', content: sheet }, { month: '2025-11' });
    const imported = await t.call('POST', `${SALARY}/import`, { token: finance, body: mp.body, headers: mp.headers });
    expect(imported.body.code).toBe(0);
    expect((await t.call('POST', `${SALARY}/send`, { token: finance, body: { id: imported.body.data.batch.id } })).body.code).toBe(0);
    expect((await t.call('POST', `${SALARY}/verify`, { token: staff, body: { password: hashPassword('Oa@123456') } })).body.code).toBe(0);
    const mine = await t.call('GET', `${SALARY}/mine`, { token: staff, query: { year: '2025' } });
    expect(mine.body.data.total).toBe(1);
    const slip = await t.call('GET', `${SALARY}/slip`, { token: staff, query: { id: mine.body.data.list[0].id } });
    expect(JSON.stringify(slip.body.data)).toContain(String(PAY));

    const { header, rows } = sampleSheet(staffRegister, 2);
    const idNumbers = rows.map((r) => String(r[header.indexOf('身份证号')]));
    expect(idNumbers[0]).toMatch(/^\d{17}[\dX]$/);
    secrets.push(...idNumbers);
    expect((await upload(t, admin, 'hr_staff', await xlsx(header, rows))).body.code).toBe(0);
    // an ID number and a token in a query string: the log keeps the names, never the values
    await t.call('GET', `/oa/api/auth/oa/records/hr_staff/list?keyword=${idNumbers[0]}&wtoken=${admin}`, { token: admin });
    await t.call('GET', '/oa/api/auth/no-such-route', { token: admin, query: { idCard: idNumbers[1] } });

    await new Promise((r) => setTimeout(r, 100)); // the stream's last chunks
    const lines = log
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string } });
    expect(lines.filter((l) => l.req).length, log).toBeGreaterThan(5); // the requests were logged (salary routes log nothing)
    expect(lines.some((l) => l.req?.url.includes('keyword=~&wtoken=~'))).toBe(true);
    for (const s of secrets) expect(log, `the log carries ${s.slice(0, 6)}…`).not.toContain(s);
  });

  it('carries the proxy request id to the answer and every log line of the request', async () => {
    const res = await t.call('GET', '/oa/api/base/health', { headers: { 'x-request-id': 'nginx-0123456789abcdef' } });
    expect(res.headers['x-request-id']).toBe('nginx-0123456789abcdef');
    expect(res.body.data).toMatchObject({ status: 'ok', database: 'ok', redis: 'off' });
    const own = await t.call('GET', '/oa/api/base/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(log).toContain('"reqId":"nginx-0123456789abcdef"');
  });

  it('shows the figures to a holder of the token: routes, logins, lockouts, jobs, pool, event loop, a feature gauge', async () => {
    registerGauge(t.ctx, 'oa_test_outbox_depth', '待发送通知（测试）', () => 3);
    await trackJob(t.ctx, 'test-job', async () => undefined);
    for (let i = 0; i < 5; i++)
      await t.call('POST', '/oa/api/base/browserLogin', { body: { username: 'nobody-locks', password: hashPassword('x') } });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-tests' } });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text).toMatch(/oa_http_requests_total\{method="GET",route="\/oa\/api\/base\/health",status="200"\} \d+/);
    expect(text).toMatch(/oa_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/oa\/api\/base\/health"\}/);
    expect(text).toMatch(/oa_logins_total\{result="ok"\} [1-9]/);
    expect(text).toMatch(/oa_logins_total\{result="failed"\} [1-9]/);
    expect(text).toMatch(/oa_login_lockouts_total [1-9]/);
    expect(text).toMatch(/oa_jobs_total\{job="test-job",result="ok"\} 1/);
    expect(text).toMatch(/oa_db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain('oa_nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('oa_test_outbox_depth 3');
    // the notification outbox (features/notify): its deliveries by state
    expect(text).toMatch(/oa_notify_deliveries\{state="pending"\} \d+/);
    expect(text).toMatch(/oa_notify_deliveries\{state="failed"\} \d+/);
  });

  it('serves the figures on their own internal listener (OA_METRICS_LISTEN) without a token, and nothing else there', async () => {
    const listener = await startMetricsListener(t.ctx.metrics, '127.0.0.1:0');
    try {
      const { port } = listener.address() as AddressInfo;
      await t.call('GET', '/oa/api/base/health');
      // what `curl http://127.0.0.1:<port>/metrics` shows
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toMatch(/oa_http_requests_total\{method="GET",route="\/oa\/api\/base\/health",status="200"\} [1-9]/);
      expect(text).toMatch(/oa_db_pool_connections\{state="idle"\} \d+/);
      expect(text).toContain('oa_nodejs_eventloop_lag_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/oa/api/base/health`)).status).toBe(404);
    } finally {
      await new Promise((r) => listener.close(r));
    }
  });
});

async function xlsxOf(rows: Array<Array<string | number>>): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('工资');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
