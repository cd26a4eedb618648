/**
 * Official documents under load (issue 19): the receipt ledger and the archive catalogue with 100,000
 * documents (and 100,000 filed items), and the to-do centre's 待阅 with 100,000 distributed copies
 * (a quarter of them staff's). One connection, so the percentiles are one request's answer time.
 */
import type { Db } from '../../packages/server/src/db/database';
import type { BenchScenario } from '../scenario';

const COUNT = Number(process.env.BENCH_DOCS ?? 100_000);
const YEAR = new Date().getUTCFullYear();
const ORGS = ['国家统计局', '民政部社会组织管理局', '工业和信息化部', '国家标准化管理委员会', '华东会员联络处', '某省行业协会'];
const DEPTS = ['D01', 'D02', 'D03', 'D04'];
const ORG_CODES = ['BGS', 'HYFZ', 'HYFW', 'CWB'];
const READERS = ['staff', 'leader', 'zhangwei', 'liuyang'];

export async function seed(db: Db): Promise<void> {
  const at = new Date().toISOString();
  for (let start = 0; start < COUNT; start += 500) {
    const docs = [];
    const items = [];
    const copies = [];
    for (let i = start; i < Math.min(COUNT, start + 500); i++) {
      const id = `B${String(i).padStart(12, '0')}`;
      const created = new Date(Date.now() - (COUNT - i) * 60_000).toISOString();
      const year = YEAR - (i % 3);
      docs.push({
        id,
        kind: 'receipt' as const,
        scope: 'office' as const,
        module_code: 'oa_receipt',
        serial_no: `SW${year}${String(i).padStart(6, '0')}`,
        doc_year: year,
        dept_code: DEPTS[i % 4],
        type_id: null,
        title: `关于第${i}号行业事项的通知`,
        doc_no: null,
        number_id: null,
        numbered_at: null,
        source_org: ORGS[i % ORGS.length],
        source_no: `来文〔${year}〕${i}号`,
        main_to: null,
        secret_level: '内部',
        urgency: '普通',
        received_date: created.slice(0, 10),
        deadline: null,
        status: 'done',
        archived: 'Y' as const,
        data: '{}',
        printed_file_id: null,
        creator: 'staff',
        created_at: created,
        updated_at: created,
        submitted_at: created,
        finished_at: created,
      });
      const ret = (['Y', 'D30', 'D10'] as const)[i % 3];
      items.push({
        id: `AB${String(i).padStart(12, '0')}`,
        doc_id: id,
        kind: 'receipt' as const,
        scope: 'office' as const,
        fonds: 'A001',
        category: 'WS',
        year,
        retention: ret,
        org_code: ORG_CODES[i % 4],
        item_no: i + 1,
        archive_code: `A001-WS·${year}-${ret}-${ORG_CODES[i % 4]}-${String(i + 1).padStart(6, '0')}`,
        doc_no: `来文〔${year}〕${i}号`,
        responsible: ORGS[i % ORGS.length],
        title: `关于第${i}号行业事项的通知`,
        doc_date: created.slice(0, 10).replace(/-/g, ''),
        secret_level: '内部',
        pages: 3,
        remarks: null,
        box_no: null,
        roll_id: null,
        sheet: '[]',
        pdf_file_id: null,
        attachments: '[]',
        dept_code: DEPTS[i % 4],
        expires_year: ret === 'Y' ? null : year + (ret === 'D30' ? 30 : 10),
        filed_by: 'sunlihua',
        filed_at: at,
      });
      const reader = READERS[i % READERS.length]!;
      copies.push({
        id: `RB${String(i).padStart(12, '0')}`,
        doc_id: id,
        recipient_kind: 'user' as const,
        recipient_code: reader,
        recipient_name: reader,
        user_code: reader,
        received_at: created,
        read_at: i % 5 === 0 ? null : created,
        created_by: 'zhaolei',
        created_at: created,
      });
    }
    await db.insertInto('doc_document').values(docs).execute();
    await db.insertInto('archive_item').values(items).execute();
    await db.insertInto('doc_distribution').values(copies).execute();
  }
}

const L = '/oa/api/auth/oa/documents/list';
const ARC = '/oa/api/auth/oa/archive/list';
const TO_READ = '/oa/api/auth/oa/process/toRead';
export const scenarios: BenchScenario[] = [
  {
    name: 'receipt ledger (all, page 1)',
    path: L,
    query: { kind: 'receipt', scope: 'office', box: 'all', pageNumber: '1', pageSize: '20' },
    auth: 'admin',
    connections: 1,
  },
  {
    name: 'receipt ledger (year + status)',
    path: L,
    query: { kind: 'receipt', scope: 'office', box: 'all', year: String(YEAR), status: 'done', pageNumber: '1', pageSize: '20' },
    auth: 'admin',
    connections: 1,
  },
  {
    name: 'receipt list (my boxes)',
    path: L,
    query: { kind: 'receipt', scope: 'office', box: 'involved', pageNumber: '1', pageSize: '20' },
    auth: 'staff',
    connections: 1,
  },
  { name: 'archive catalogue (page 1)', path: ARC, query: { pageNumber: '1', pageSize: '20' }, auth: 'admin', connections: 1 },
  {
    name: 'archive catalogue (year)',
    path: ARC,
    query: { year: String(YEAR), pageNumber: '1', pageSize: '20' },
    auth: 'admin',
    connections: 1,
  },
  {
    name: 'to-do centre 待阅 (unread, page 1)',
    path: TO_READ,
    query: { read: 'N', pageNumber: '1', pageSize: '20' },
    auth: 'staff',
    connections: 1,
  },
  { name: 'to-do centre 待阅 (all, page 50)', path: TO_READ, query: { pageNumber: '50', pageSize: '20' }, auth: 'staff', connections: 1 },
  { name: 'to-do counts (with 待阅)', path: '/oa/api/auth/oa/process/unread', auth: 'staff', connections: 1 },
];
