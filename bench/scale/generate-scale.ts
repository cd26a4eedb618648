/**
 * The data set of `npm run bench -- --scale` (issue 18), generated inside the database with set-based
 * INSERT … SELECT over a number series (SQLite: recursive CTE, PostgreSQL: generate_series), 100k rows a
 * transaction: 1,000,000 records × factor across the 24 approval modules, 100,000 × factor workflow
 * instances with two tasks each (200,000 × factor tasks; 'leader' has ~2,000 open ones), 50,000 × factor
 * register rows (话费管理) and 'staff' as the applicant of one record in 499 (499 and 24 are coprime: every module has some).
 * Record i: module i % 24, applicant u(i % 10000), created 30 s after record i-1. One record in ten has an
 * instance k = i / 10 (those with i % 10 = k % 10, so that every module has some): running when k % 50 < 5,
 * else approved / rejected / withdrawn; other records are draft when i % 20 = 0, else approved.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../packages/server/src/db/database';
import { MODULES, moduleByCode } from '../../packages/shared/src/modules/registry';
import { backfillSearchIndex } from '../../packages/server/src/core/search/search-index';
import { gramsOf } from '../../packages/server/src/core/search/search-index.repository';
import { ensureRecordFieldIndexes } from '../../packages/server/src/db/record-field-indexes';

/** Bump when the generated rows change: cached databases of another version are rebuilt. */
export const GENERATOR_VERSION = 'scale-v5';
/** Issue 35: the 1M set in ≤ 5 minutes (migrations, demo data, rows, search index, indexes, statistics). */
export const GENERATOR_TARGET_S = 300;
const T0 = 1_577_836_800; // 2020-01-01T00:00:00Z
const CHUNK = 100_000;

export const APPROVAL_CODES = MODULES.filter((m) => m.kind === 'approval' && m.engine !== 'area')
  .slice(0, 24)
  .map((m) => m.code);

interface Dialect {
  /** the series n(i) from lo to hi inclusive, as a FROM item */
  series(lo: number, hi: number): RawBuilder<unknown>;
  with(lo: number, hi: number): RawBuilder<unknown>;
  pad5(e: RawBuilder<unknown>): RawBuilder<unknown>;
  iso(seconds: RawBuilder<unknown>): RawBuilder<unknown>;
}

const sqliteSql: Dialect = {
  with: (lo, hi) => sql`with recursive n(i) as (select ${sql.lit(lo)} union all select i + 1 from n where i < ${sql.lit(hi)})`,
  series: () => sql`n`,
  pad5: (e) => sql`substr('0000' || (${e}), -5)`,
  iso: (s) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${s}, 'unixepoch')`,
};
const pgSql: Dialect = {
  with: () => sql``,
  series: (lo, hi) => sql`generate_series(${sql.lit(lo)}::bigint, ${sql.lit(hi)}::bigint) as n(i)`,
  pad5: (e) => sql`lpad((${e})::text, 5, '0')`,
  iso: (s) => sql`to_char(to_timestamp(${s}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

const modCase = (e: RawBuilder<unknown>) =>
  sql`case ${e} ${sql.join(
    APPROVAL_CODES.map((c, k) => sql`when ${sql.lit(k)} then ${sql.lit(c)}`),
    sql` `,
  )} end`;

const byModule = (e: RawBuilder<unknown>, value: (code: string) => string | null) =>
  sql`case ${e} ${sql.join(
    APPROVAL_CODES.map((c) => sql`when ${sql.lit(c)} then ${sql.lit(value(c))}`),
    sql` `,
  )} end`;
const mod = (code: string) => moduleByCode(code)!;

/** The words of the records' titles (record i: WORDS[i % 5]) and their seal types (SEALS[i % 3]). */
const WORDS = ['合作协议', '年度会议', '设备采购', '差旅报销', '会员服务'];
const SEALS = ['公章', '合同专用章', '财务专用章'];
const pick = (e: RawBuilder<unknown>, list: readonly string[]) =>
  sql`(case ${e} ${sql.join(
    list.map((w, k) => sql`when ${sql.lit(k)} then ${sql.lit(w)}`),
    sql` `,
  )} end)`;
/** What record i's title and search body hold (as the INSERTs below write them), `i` given as text. */
const titleOf = (k: number, i: string) => `规模测试申请${i}${WORDS[k % 5]}`;
const bodyOf = (k: number, i: string, serial: boolean) =>
  `${mod(APPROVAL_CODES[k % 24]).name} ${serial ? `SC${i}` : ''} 规模测试事由${i} ${SEALS[k % 3]} ${1 + (k % 5)}`;

/**
 * PostgreSQL: the bigrams of record i's entry (gramsOf of its title and body: checked by checkIndex), without
 * splitting each text in SQL (a per-row DISTINCT cost ~250 µs, minutes at 1M). Everything but i's digits repeats
 * every 120 records (lcm of 24 modules, 5 words, 3 seals): those bigrams come from gramsOf over a 240-row table
 * (i % 120, serial or none); the rest are i's own distinct digit pairs and the pairs joining i to its neighbours
 * ('请' + first digit, last digit + the word, '由' + first digit, 'c' + first digit when there is a serial).
 */
function pgRecordGrams(top: number) {
  const table = Array.from({ length: 240 }, (_, n) => {
    const [k, serial] = [n % 120, n >= 120];
    // i as a space: the runs around it keep their own bigrams and lose the ones joining them to i
    const grams = gramsOf(`${titleOf(k, ' ')} ${bodyOf(k, ' ', serial)}`);
    if (grams.some((g) => /\d/.test(g))) throw new Error(`record bigrams of ${k}: a digit outside the number`);
    return sql`(${sql.lit(k)}, ${sql.lit(serial)}, ${sql.lit(WORDS[k % 5][0])}, array[${sql.join(grams.map((g) => sql.lit(g)))}])`;
  });
  const d = sql`n.i::text`;
  const digits = Array.from({ length: Math.max(1, String(top).length - 1) }, (_, j) => {
    const at = sql.lit(j + 1);
    return sql`case when char_length(${d}) > ${at} and strpos(${d}, substr(${d}, ${at}, 2)) = ${at} then substr(${d}, ${at}, 2) end`;
  });
  return {
    join: sql`join (values ${sql.join(table)}) as c(k, serial, w0, grams) on c.k = n.i % 120 and c.serial = (r.serial_no is not null)`,
    grams: sql`c.grams || array_remove(array['请' || left(${d}, 1), right(${d}, 1) || c.w0, '由' || left(${d}, 1),
      case when c.serial then 'c' || left(${d}, 1) end, ${sql.join(digits)}], null)`,
  };
}

/**
 * The search entries of records lo … hi as core/search/search-index.ts writes them (title, body = module name,
 * serial number and form text, readers by the module's rules), set-based. SQLite also fills its FTS table
 * (its bigram table is filled by the server's back-fill from search_acl); PostgreSQL writes each entry's
 * bigrams and readers in the same insert and search_acl from the readers.
 */
async function indexRecords(trx: Db, d: Dialect, sqlite: boolean, lo: number, hi: number, top: number) {
  const before = Number((await sql<{ n: number }>`select coalesce(max(id), 0) as n from search_entry`.execute(trx)).rows[0].n);
  const mcol = sql.ref('r.module');
  const deptScoped = APPROVAL_CODES.filter((c) => mod(c).scope === 'dept');
  const body = sql`${byModule(mcol, (c) => mod(c).name)} || ' ' || coalesce(r.serial_no, '') || ' 规模测试事由' || n.i || ' ' ||
      ${pick(sql`n.i % 3`, SEALS)} || ' ' || (1 + n.i % 5)`;
  const link = sql`${byModule(mcol, (c) => mod(c).routes.preview ?? mod(c).routes.list)} || '?id=' || r.id`;
  if (!sqlite) {
    const leader = deptScoped.length
      ? sql`case when r.status <> 'draft' and r.dept is not null and r.module in (${sql.join(deptScoped.map((c) => sql.lit(c)))})
          then 'L:' || r.dept end`
      : sql`null`;
    const readers = sql`array_remove(array['u:' || r.applicant,
      case when r.status <> 'draft' then ${byModule(mcol, (c) => `p:${mod(c).permissions.manage}`)} end,
      case when r.status <> 'draft' then 'admin' end, ${leader}], null)`;
    const g = pgRecordGrams(top);
    await sql`insert into search_entry (kind, ref_id, module, title, body, link, updated_at, visible_from, grams, readers)
      select 'record', r.id, r.module, r.title, ${body}, ${link}, r.updated_at, null, ${g.grams}, ${readers}
      from ${d.series(lo, hi)} join business_record r on r.id = 'S' || n.i ${g.join}`.execute(trx);
    await sql`insert into search_acl (entry_id, principal) select e.id, unnest(e.readers) from search_entry e where e.id > ${before}`.execute(
      trx,
    );
    return;
  }
  await sql`insert into search_entry (kind, ref_id, module, title, body, link, updated_at, visible_from)
    ${d.with(lo, hi)} select 'record', r.id, r.module, r.title, ${body}, ${link}, r.updated_at, null
    from ${d.series(lo, hi)} join business_record r on r.id = 'S' || n.i`.execute(trx);
  const fresh = sql`from search_entry e join business_record r on r.id = e.ref_id where e.id > ${before}`;
  await sql`insert into search_acl (entry_id, principal) select e.id, 'u:' || r.applicant ${fresh}`.execute(trx);
  await sql`insert into search_acl (entry_id, principal) select e.id, ${byModule(mcol, (c) => `p:${mod(c).permissions.manage}`)}
    ${fresh} and r.status <> 'draft'`.execute(trx);
  await sql`insert into search_acl (entry_id, principal) select e.id, 'admin' ${fresh} and r.status <> 'draft'`.execute(trx);
  if (deptScoped.length)
    await sql`insert into search_acl (entry_id, principal) select e.id, 'L:' || r.dept ${fresh} and r.status <> 'draft'
      and r.dept is not null and r.module in (${sql.join(deptScoped.map((c) => sql.lit(c)))})`.execute(trx);
  await sql`insert into search_fts (rowid, title, body) select id, title, body from search_entry where id > ${before}`.execute(trx);
}

/**
 * PostgreSQL: the generated entries' bigrams and readers are what the server writes (gramsOf, search_acl):
 * a sample of them is compared, so that the search scenarios measure the server's own index.
 */
async function checkIndex(db: Db): Promise<void> {
  // the first and last 1,500 (numbers of one digit to the longest) and one in 499 between (every i % 120 and serial)
  const part = (where: RawBuilder<unknown>) => sql`(select e.id, e.title, e.body, e.grams, e.readers,
      array(select a.principal from search_acl a where a.entry_id = e.id) as acl
    from search_entry e where e.kind = 'record' and e.ref_id like 'S%' ${where})`;
  const rows = await sql<{ id: number; title: string; body: string; grams: string[]; readers: string[]; acl: string[] }>`
    ${part(sql`order by e.id limit 1500`)} union all ${part(sql`order by e.id desc limit 1500`)}
    union all ${part(sql`and e.id % 499 = 0`)}`.execute(db);
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
  for (const r of rows.rows) {
    if (!same(r.grams ?? [], gramsOf(`${r.title} ${r.body}`)))
      throw new Error(`search entry ${r.id}: generated bigrams differ from gramsOf`);
    if (!same(r.readers ?? [], r.acl)) throw new Error(`search entry ${r.id}: readers differ from search_acl`);
  }
  if (rows.rows.length === 0) throw new Error('no generated search entries');
}

/** The tables the generator fills in bulk. */
const BULK_TABLES = ['business_record', 'search_entry', 'search_acl', 'wf_instance', 'wf_task'];

/**
 * PostgreSQL: runs `load` with the bulk tables' secondary indexes dropped and builds them again after it, as a bulk
 * load is done (a GIN index kept up row by row cost ~2 s per 1,000 search entries; built at once, seconds for all).
 * Unique indexes and those behind constraints stay, so the load is checked as before; so do the partial indexes of
 * one module's form fields (`idx_rs_*`, `idx_rf_*`, record-field-indexes.ts): a row enters one module's few, while
 * building each of the ~90 again would read the whole table once more. The definitions are read from the catalogue
 * just before and run again as they were (text PostgreSQL itself printed, never input), on two connections at once
 * (the machine's two cores), the largest (GIN) first.
 */
async function withoutSecondaryIndexes(db: Db, load: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ name: string; def: string; gin: boolean }>`select i.indexname as name, i.indexdef as def,
      a.amname = 'gin' as gin
    from pg_indexes i join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
      join pg_am a on a.oid = c.relam
    where i.schemaname = current_schema() and i.tablename in (${sql.join(BULK_TABLES)}) and not x.indisunique
      and left(i.indexname, 7) not in ('idx_rf_', 'idx_rs_')`.execute(db);
  for (const r of rows) await sql`drop index ${sql.id(r.name)}`.execute(db);
  // the change counters' deferred row triggers (migrations 084, 088, 133) fire once per row at commit, three
  // statements each: 500,000 at every search chunk's commit. Off for the load; each counter bumped once after it.
  const { rows: triggers } = await sql<{ tbl: string; name: string }>`select c.relname as tbl, t.tgname as name
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relname in (${sql.join(BULK_TABLES)}) and t.tgdeferrable and not t.tgisinternal`.execute(db);
  const alter = (on: boolean) =>
    Promise.all(
      triggers.map((t) => sql`alter table ${sql.id(t.tbl)} ${on ? sql`enable` : sql`disable`} trigger ${sql.id(t.name)}`.execute(db)),
    );
  await alter(false);
  try {
    await load();
  } finally {
    await alter(true);
  }
  for (const counter of ['business_record_version', 'search_entry_version', 'wf_todo_version'])
    await sql`update ${sql.id(counter)} set version = version + 1 where id = 1`.execute(db);
  // the longest first: the readers × bigrams GIN of the search entries, then the other GIN indexes
  const cost = (r: (typeof rows)[number]) => (r.gin ? 1 : 0) + (r.def.includes('search_reader_grams') ? 1 : 0);
  const queue = [...rows].sort((a, b) => cost(b) - cost(a));
  const start = Date.now();
  let built = 0;
  // the first connection to run out of indexes vacuums the tables whose indexes are all built (VACUUM waits for a
  // CREATE INDEX of its table) while the other builds the last, longest ones
  const pending = (table: string) => queue.some((r) => r.def.includes(` ON public.${table} `)) || building.has(table);
  const building = new Set<string>();
  const vacuumed = new Set<string>();
  const worker = () =>
    db.connection().execute(async (c) => {
      await sql`set maintenance_work_mem = '1GB'`.execute(c);
      for (let r = queue.shift(); r; r = queue.shift()) {
        const t = Date.now();
        const table = / ON public\.(\w+) /.exec(r.def)?.[1] ?? '';
        building.add(table);
        await sql
          .raw(r.def)
          .execute(c)
          .finally(() => building.delete(table));
        built++;
        process.stdout.write(`    ${r.name}: ${((Date.now() - t) / 1000).toFixed(1)} s（${built}/${rows.length}）\n`);
      }
      for (const table of BULK_TABLES.filter((x) => !pending(x) && !vacuumed.has(x))) {
        vacuumed.add(table);
        await sql`vacuum analyze ${sql.id(table)}`.execute(c);
      }
      await sql`reset maintenance_work_mem`.execute(c);
    });
  await phase('索引重建（两个连接）', () => Promise.all([worker(), worker()]));
  process.stdout.write(`  索引重建: ${rows.length} 个（${Math.round((Date.now() - start) / 1000)} s）\n`);
}

/** Seconds each phase of the last generation took, in order (printed as they end; summed by run-scale.ts). */
export const phases: Array<{ label: string; secs: number }> = [];

/** Runs one phase of the generation, printing and keeping its seconds. */
export async function phase<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = Date.now();
  const out = await run();
  const secs = (Date.now() - start) / 1000;
  phases.push({ label, secs });
  process.stdout.write(`  [${label}] ${secs.toFixed(1)} s\n`);
  return out;
}

async function inChunks(db: Db, total: number, label: string, insert: (trx: Db, lo: number, hi: number) => Promise<unknown>) {
  await phase(label, async () => {
    const start = Date.now();
    for (let lo = 0; lo < total; lo += CHUNK) {
      const hi = Math.min(total, lo + CHUNK) - 1;
      await db.transaction().execute((trx) => insert(trx, lo, hi));
      process.stdout.write(`\r  ${label}: ${hi + 1}/${total} (${Math.round((Date.now() - start) / 1000)} s)`);
    }
    process.stdout.write('\n');
  });
}

/**
 * Seeds a migrated database (`seed`: demo data + 10,000 generated users) and inserts the scale data set. PostgreSQL
 * seeds inside the load too: the seed indexes its 10,000 people one by one, which the search GIN indexes made cost
 * 20–120 s.
 */
export async function generateScale(db: Db, dialect: 'sqlite' | 'postgres', factor: number, seed: () => Promise<unknown>): Promise<void> {
  // the form-field indexes and PostgreSQL's filter slots before the rows: the slots' trigger fills each row as it
  // is inserted (set afterwards, syncFilterSlots would rewrite every record) and the partial indexes grow with it
  await phase('表单字段索引', () => ensureRecordFieldIndexes(db, dialect));
  const load = async (d: Dialect) => {
    await phase('演示数据', seed);
    await generateRows(db, d, d === sqliteSql, factor);
    // people, files and the register rows: indexed the way the server does at start-up
    await phase('回填（人员、文件、台账）', () => backfillSearchIndex(db));
  };
  if (dialect === 'postgres') {
    await withoutSecondaryIndexes(db, () => load(pgSql));
    await phase('检查检索索引', () => checkIndex(db));
    // run-scale.ts's VACUUM ANALYZE follows
  } else {
    await load(sqliteSql);
    await phase('ANALYZE', () => sql`analyze`.execute(db));
  }
}

async function generateRows(db: Db, d: Dialect, sqlite: boolean, factor: number): Promise<void> {
  const i = sql`n.i`;
  const k = sql`(n.i / 10)`;
  const inst = sql`(n.i % 10 = (n.i / 10) % 10)`;
  const running = sql`(${inst} and ${k} % 50 < 5)`;
  const status = sql`case when ${inst} then (case when ${k} % 50 < 5 then 'running' when ${k} % 50 < 45 then 'approved'
    when ${k} % 50 < 48 then 'rejected' else 'withdrawn' end) when n.i % 20 = 0 then 'draft' else 'approved' end`;
  const applicant = sql`case when n.i % 499 = 3 then 'staff' else 'u' || ${d.pad5(sql`n.i % 10000`)} end`;
  const created = d.iso(sql`${sql.lit(T0)} + n.i * 30`);
  const later = d.iso(sql`${sql.lit(T0)} + n.i * 30 + 3600`);
  const records = 1_000_000 * factor;
  await inChunks(db, records, '审批记录', (trx, lo, hi) =>
    sql`insert into business_record (id, module, variant, serial_no, title, status, applicant, applicant_name, dept,
      dept_name, amount, data, instance_id, created_at, updated_at, submitted_at, finished_at)
      ${d.with(lo, hi)} select 'S' || ${i}, ${modCase(sql`n.i % 24`)}, null,
      case when n.i % 20 = 0 and not ${inst} then null else 'SC' || ${i} end,
      '规模测试申请' || ${i} || ${pick(sql`n.i % 5`, WORDS)},
      ${status}, ${applicant}, '用户' || ${d.pad5(sql`n.i % 10000`)}, 'D0' || (1 + n.i % 8), '部门' || (1 + n.i % 8),
      (n.i % 1000) * 10,
      '{"reason":"规模测试事由' || ${i} || '","sealType":"' || ${pick(sql`n.i % 3`, SEALS)} || '","copies":' || (1 + n.i % 5) || '}',
      case when ${inst} then 'SI' || ${k} else null end, ${created}, ${later},
      case when n.i % 20 = 0 and not ${inst} then null else ${created} end,
      case when n.i % 20 = 0 and not ${inst} then null when ${running} then null else ${later} end
      from ${d.series(lo, hi)}`.execute(trx),
  );
  await inChunks(db, records, '检索索引', (trx, lo, hi) => indexRecords(trx, d, sqlite, lo, hi, records - 1));
  // instances: record i = 10k + k % 10 for k in 0 … records / 10; the series runs over k
  const instances = records / 10;
  const ki = sql`(n.i * 10 + n.i % 10)`;
  const iStatus = sql`case when n.i % 50 < 5 then 'running' when n.i % 50 < 45 then 'approved' when n.i % 50 < 48 then 'rejected' else 'withdrawn' end`;
  const iCreated = d.iso(sql`${sql.lit(T0)} + ${ki} * 30`);
  const iEnded = d.iso(sql`${sql.lit(T0)} + ${ki} * 30 + 3600`);
  await inChunks(db, instances, '流程实例', (trx, lo, hi) =>
    sql`insert into wf_instance (id, definition_id, version, module_code, record_id, serial_no, title, initiator, dept_code,
      status, form, picks, acted, rev, started_at, ended_at, last_urged_at)
      ${d.with(lo, hi)} select 'SI' || n.i, 'bench', 1, ${modCase(sql`(${ki}) % 24`)}, 'S' || (${ki}), 'SC' || (${ki}),
      '规模测试申请' || (${ki}), case when (${ki}) % 499 = 3 then 'staff' else 'u' || ${d.pad5(sql`(${ki}) % 10000`)} end,
      'D0' || (1 + (${ki}) % 8), ${iStatus}, '{}', '{}', 'Y', 2, ${iCreated},
      case when n.i % 50 < 5 then null else ${iEnded} end, null
      from ${d.series(lo, hi)}`.execute(trx),
  );
  // two tasks per instance: A (first approver, done) and B (the current one: open while running); 'leader' holds B when k % 25 = 0
  const bAssignee = sql`case when n.i % 25 = 0 then 'leader' else 'u' || ${d.pad5(sql`(n.i * 13 + 7) % 10000`)} end`;
  for (const [tag, seq, node, assignee, open] of [
    ['A', 0, 'n1', sql`'u' || ${d.pad5(sql`(n.i * 7 + 1) % 10000`)}`, false],
    ['B', 1, 'n2', bAssignee, true],
  ] as const) {
    const taskStatus = open ? sql`case when n.i % 50 < 5 then 'open' else 'done' end` : sql`'done'`;
    const result = open
      ? sql`case when n.i % 50 < 5 then null when n.i % 50 < 45 then 'approved' when n.i % 50 < 48 then 'rejected' else 'cancelled' end`
      : sql`'approved'`;
    const at = d.iso(sql`${sql.lit(T0)} + ${ki} * 30 + ${sql.lit(600 * (seq + 1))}`);
    await inChunks(db, instances, `待办任务 ${tag}`, (trx, lo, hi) =>
      sql`insert into wf_task (id, instance_id, module_code, token_id, node_id, node_name, assignee, on_behalf_of, seq, status, result,
        comment, signature_file_id, added, wait_for, created_at, opened_at, acted_at, due_at, timeout_count)
        ${d.with(lo, hi)} select ${sql.lit(`ST${tag}`)} || n.i, 'SI' || n.i,
        (select i.module_code from wf_instance i where i.id = 'SI' || n.i), 'SK' || n.i, ${sql.lit(node)},
        ${sql.lit(seq ? '部门负责人审批' : '经办人审核')}, ${assignee}, null, ${sql.lit(seq)}, ${taskStatus}, ${result},
        null, null, 'N', null, ${at}, null, case when ${taskStatus} = 'done' then ${at} else null end, null, 0
        from ${d.series(lo, hi)}`.execute(trx),
    );
  }
  await inChunks(db, 50_000 * factor, '登记台账', (trx, lo, hi) =>
    sql`insert into business_record (id, module, variant, serial_no, title, status, applicant, applicant_name, dept,
      dept_name, amount, data, instance_id, created_at, updated_at, submitted_at, finished_at)
      ${d.with(lo, hi)} select 'SR' || n.i, 'office_tel', null, 'SHF' || n.i, '话费' || n.i, 'approved', 'admin', '管理员',
      'D0' || (1 + n.i % 8), '部门', (n.i % 300) + 0.5,
      '{"month":"' || (2021 + n.i / 20000) || '-' || (case when n.i % 12 < 9 then '0' else '' end) || (1 + n.i % 12) || '","phoneNo":"139' || (10000000 + n.i) ||
      '","numberType":"手机","carrier":"' || (case n.i % 3 when 0 then '中国移动' when 1 then '中国联通' else '中国电信' end) ||
      '","user":"u' || ${d.pad5(sql`n.i % 10000`)} || '","fee":' || ((n.i % 300) + 0.5) || '}', null, ${created}, ${created},
      ${created}, ${created} from ${d.series(lo, hi)}`.execute(trx),
  );
}
