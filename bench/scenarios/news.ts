/**
 * News and search under load (issue 15): with 200,000 published articles and 1,000,000 business records
 * (all in the search index), a column's first page and a search answer in p95 ≤ 50 ms on the server.
 * `setup` generates the rows with batched inserts straight into the database (BENCH_NEWS_ARTICLES and
 * BENCH_NEWS_RECORDS override the sizes). Search scenarios use one connection (answer time, not queueing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { signRequest } from '../../packages/shared/src/crypto/signature';
import { hashPassword } from '../../packages/shared/src/crypto/sm3';
import { openDatabase, type Db } from '../../packages/server/src/db/database';
import { migrateToLatest } from '../../packages/server/src/db/migrate';
import { loadFieldKeys } from '../../packages/server/src/core/crypto/field-keys';
import { seedDemo } from '../../packages/server/src/db/seed/seed';
import { insertEntries } from '../../packages/server/src/core/search/search-index.repository';
import type { BenchScenario } from '../scenario';

const ARTICLES = Number(process.env.BENCH_NEWS_ARTICLES ?? 200_000);
const RECORDS = Number(process.env.BENCH_NEWS_RECORDS ?? 1_000_000);
const COLUMNS = ['col_news', 'col_notice', 'col_industry', 'col_policy'];
const WORDS = [
  '行业发展',
  '会员服务',
  '标准制定',
  '数字化转型',
  '年度会议',
  '安全生产',
  '国际合作',
  '人才培养',
  '政策解读',
  '市场分析',
  '技术创新',
  '绿色低碳',
];
const PLACES = ['北京', '上海', '广州', '深圳', '杭州', '成都', '武汉', '西安', '南京', '天津'];
const word = (i: number) => WORDS[i % WORDS.length];
const place = (i: number) => PLACES[Math.floor(i / 7) % PLACES.length];
const iso = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();

export async function setup(db: Db): Promise<void> {
  const start = Date.now();
  const sqlite = db.getExecutor().adapter.constructor.name.toLowerCase().includes('sqlite');
  const B = sqlite ? 500 : 1000;
  let nextId = 10_000_000;
  for (let i = 0; i < ARTICLES; i += B) {
    const n = Math.min(B, ARTICLES - i);
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: n }, (_, k) => {
        const j = i + k;
        const title = `${place(j)}${word(j)}工作动态第${j}期`;
        const body = `${place(j)}地区${word(j)}相关工作取得新进展，协会组织会员单位开展${word(j + 3)}专题活动，编号${j}。`;
        return {
          id: `B${j.toString(36).padStart(8, '0')}`,
          column_code: COLUMNS[j % COLUMNS.length],
          title,
          summary: body.slice(0, 60),
          body_html: `<p>${body}</p>`,
          body_text: body,
          cover_file: null,
          source: '办公室',
          dept_code: 'D01',
          author: 'staff',
          author_name: '刘小雨',
          is_top: 'N' as const,
          publish_at: null,
          status: 'published',
          instance_id: null,
          read_count: j % 50,
          submitted_at: iso(j),
          published_at: iso(j),
          created_at: iso(j),
          updated_at: iso(j),
        };
      });
      await trx.insertInto('news_article').values(rows).execute();
      await insertEntries(
        trx,
        rows.map((r, k) => ({
          id: nextId + k,
          kind: 'article',
          ref_id: r.id,
          module: null,
          title: r.title,
          body: r.body_text,
          link: `/information/view?id=${r.id}`,
          updated_at: r.published_at,
          visible_from: null,
          readers: ['all'],
        })),
      );
      nextId += n;
    });
  }
  process.stdout.write(`  news: ${ARTICLES} 篇资讯（${Math.round((Date.now() - start) / 1000)} s）\n`);
  const applicants = ['staff', 'chenjing', 'zhaolei', 'lina', 'wangfang', 'huangli', 'yangfan', 'guomin'];
  for (let i = 0; i < RECORDS; i += B) {
    const n = Math.min(B, RECORDS - i);
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: n }, (_, k) => {
        const j = i + k;
        const applicant = applicants[j % applicants.length];
        const title = `用印申请-${place(j)}${word(j)}合作协议${j}`;
        return {
          id: `RB${j.toString(36).padStart(9, '0')}`,
          module: 'oa_stamp',
          variant: null,
          serial_no: `YY${j}`,
          title,
          status: 'approved',
          applicant,
          applicant_name: applicant,
          dept: 'D01',
          dept_name: '办公室',
          amount: null,
          data: JSON.stringify({ reason: `${place(j)}${word(j)}合作协议用印`, sealType: '公章', copies: 2 }),
          instance_id: null,
          created_at: iso(j),
          updated_at: iso(j),
          submitted_at: iso(j),
          finished_at: iso(j),
        };
      });
      await trx
        .insertInto('business_record')
        .values(rows as never)
        .execute();
      await insertEntries(
        trx,
        rows.map((r, k) => ({
          id: nextId + k,
          kind: 'record',
          ref_id: r.id,
          module: 'oa_stamp',
          title: r.title,
          body: `用印申请 ${r.serial_no} ${place(i + k)}${word(i + k)}合作协议用印 公章 2`,
          link: `/stampPreview?id=${r.id}`,
          updated_at: r.updated_at,
          visible_from: null,
          readers: [`u:${r.applicant}`, 'p:oa_stamp:manage', 'admin'],
        })),
      );
      nextId += n;
    });
    if ((i + n) % 100_000 === 0) process.stdout.write(`  news: ${i + n} 条记录（${Math.round((Date.now() - start) / 1000)} s）\n`);
  }
  // PostgreSQL: vacuum too, so index-only scans of search_acl need no heap fetches
  await (sqlite ? sql`analyze` : sql`vacuum analyze`).execute(db);
  process.stdout.write(`  news: ${RECORDS} 条审批记录，检索索引已建立（共 ${Math.round((Date.now() - start) / 1000)} s）\n`);
}

const NEWS = '/oa/api/auth/oa/news';
export const scenarios: BenchScenario[] = [
  {
    name: 'news column list (page 1)',
    path: `${NEWS}/list`,
    query: { columnCode: 'col_industry', pageNumber: '1', pageSize: '15' },
    auth: 'staff',
    connections: 1,
  },
  {
    name: 'news column list (page 200)',
    path: `${NEWS}/list`,
    query: { columnCode: 'col_news', pageNumber: '200', pageSize: '15' },
    auth: 'staff',
    connections: 1,
  },
  { name: 'news latest (home widget)', path: `${NEWS}/latest`, query: { limit: '8' }, auth: 'staff', connections: 1 },
  {
    name: 'search rare phrase',
    path: '/oa/api/auth/oa/search',
    query: { q: '工作动态第19999期', pageSize: '15' },
    auth: 'staff',
    connections: 1,
  },
  {
    name: 'search common phrase',
    path: '/oa/api/auth/oa/search',
    query: { q: '数字化转型', pageSize: '15' },
    auth: 'staff',
    connections: 1,
  },
  {
    name: 'search common phrase (records only)',
    path: '/oa/api/auth/oa/search',
    query: { q: '合作协议', kind: 'record', pageSize: '15' },
    auth: 'staff',
    connections: 1,
  },
  { name: 'search two characters', path: '/oa/api/auth/oa/search', query: { q: '杭州', pageSize: '15' }, auth: 'staff', connections: 1 },
];

/**
 * Standalone, for either dialect: `node --import tsx bench/scenarios/news.ts` (SQLite) or with
 * `DATABASE_URL=postgres://…/<empty database>`. Generates the data, starts the real server and times
 * each scenario above with BENCH_NEWS_SAMPLES sequential requests, printing p50 / p95 / p99.
 */
async function standalone(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  // BENCH_NEWS_DIR keeps the SQLite file (and the data directory) between runs; a database that already
  // holds the articles (that file, or the PostgreSQL database of DATABASE_URL) is used as it is
  const kept = process.env.BENCH_NEWS_DIR;
  if (kept) fs.mkdirSync(kept, { recursive: true });
  const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-news-'));
  const url = process.env.DATABASE_URL || undefined;
  const handle = openDatabase({ databaseUrl: url, sqliteFile: path.join(dir, 'oa.db') });
  await migrateToLatest(handle);
  const have = await handle.db
    .selectFrom('news_article')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(have.n) >= ARTICLES) process.stdout.write(`  news: 使用已有数据（${Number(have.n)} 篇资讯）\n`);
  else {
    await seedDemo(handle.db, { keys: loadFieldKeys({ dataDir: dir }).keys });
    await setup(handle.db);
  }
  await handle.close();
  const port = Number(process.env.BENCH_PORT ?? 18150);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), OA_DATA_DIR: dir, LOG_LEVEL: 'warn', OA_LOGIN_CAPTCHA: 'off', DATABASE_URL: url ?? '' },
  });
  const call = async (p: string, query: Record<string, string> | undefined, token: string | null, body?: unknown) => {
    const ts = String(Date.now());
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'auth-appid': 'oa-web',
      'auth-timestamp': ts,
      'auth-source': 'web',
      'auth-device': 'pc',
      'auth-signature': await signRequest('oa-dev-sign-secret', p, ts, 'oa-web'),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    const qs = query ? `?${new URLSearchParams(query)}` : '';
    const res = await fetch(base + p + qs, { method: body ? 'POST' : 'GET', headers, body: body ? JSON.stringify(body) : undefined });
    return (await res.json()) as { code: number; data: { token: string; total?: number } };
  };
  const started = performance.now();
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/oa/api/base/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 6000) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
    process.stdout.write(`  服务启动（进程启动到 /health 应答）：${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    const token = (await call('/oa/api/base/browserLogin', undefined, null, { username: 'staff', password: hashPassword('Oa@123456') }))
      .data.token;
    const samples = Number(process.env.BENCH_NEWS_SAMPLES ?? 200);
    const lines: string[] = [];
    for (const s of scenarios) {
      const times: number[] = [];
      let total: number | undefined;
      for (let i = 0; i < samples + 10; i++) {
        const t0 = performance.now();
        const out = await call(s.path, s.query, token);
        if (out.code !== 0) throw new Error(`${s.name}: code ${out.code}`);
        if (i >= 10) times.push(performance.now() - t0);
        total = out.data.total;
      }
      times.sort((a, b) => a - b);
      const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
      lines.push(`| ${s.name} | ${pct(50)} | ${pct(95)} | ${pct(99)} | ${total ?? '—'} |`);
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    process.stdout.write(
      `\n| 场景 | p50 ms | p95 ms | p99 ms | total |\n|---|---|---|---|---|\n${lines.join('\n')}\n\n` +
        `${url ? 'PostgreSQL' : 'SQLite'}，${ARTICLES} 篇资讯 + ${RECORDS} 条记录，每场景 ${samples} 次顺序请求；` +
        `${os.cpus().length} 核，负载 ${load}\n`,
    );
  } finally {
    server.kill('SIGTERM');
    if (!url && !kept) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  standalone().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
