import type { Db } from '../database';
import type { FieldKeyring } from '../../lib/field-cipher';
import { sealApplicantMobiles } from '../applicant-mobiles';
import { insertOutsideAccount } from './outside-account';

/**
 * Exchange with member units (issue 37), demo part: two member units with one contact each (outside accounts of
 * platform 20, password as every demo account, mobiles sealed), and a distributed dispatch sent to both — 华北分会 has read and
 * signed for it with a reply, 华东分会 has not opened it yet (its due time has passed: overdue, to urge).
 */
export const DEMO_UNITS = [
  {
    id: 'MU01',
    code: 'HB01',
    name: '中国行业协会华北分会',
    contact: { userCode: 'unithb', userName: '陈立新', mobile: '13910230001', email: 'unithb@member.org.cn' },
  },
  {
    id: 'MU02',
    code: 'HD01',
    name: '中国行业协会华东分会',
    contact: { userCode: 'unithd', userName: '周海燕', mobile: '13910230002', email: 'unithd@member.org.cn' },
  },
] as const;

const SENT_TITLE = '关于开展行业诚信体系建设评价工作的通知';
const daysAgo = (at: string, d: number) => new Date(Date.parse(at) - d * 86_400_000).toISOString();

export async function seedExchange(trx: Db, passwordHash: string, at: string, keys: FieldKeyring): Promise<void> {
  await trx
    .insertInto('doc_member_unit')
    .values(DEMO_UNITS.map((u, i) => ({ id: u.id, code: u.code, name: u.name, sort_no: i + 1, created_at: at })))
    .execute();
  for (const [i, u] of DEMO_UNITS.entries()) {
    const c = u.contact;
    await insertOutsideAccount(trx, { ...c, position: '公文联络员', deptCode: null, sortNo: 9100 + i, platform: '20' }, passwordHash, at);
    await trx.insertInto('doc_unit_contact').values({ user_code: c.userCode, unit_id: u.id }).execute();
  }
  // the contacts' mobiles are kept sealed, as applicants' (migration 132)
  await sealApplicantMobiles(trx, keys);
  const doc = await trx.selectFrom('doc_document').select(['id', 'creator']).where('title', '=', SENT_TITLE).executeTakeFirst();
  if (!doc) return;
  const base = {
    doc_id: doc.id,
    sent_by: doc.creator,
    sent_at: daysAgo(at, 6),
    due_at: daysAgo(at, 1),
    reply_file_id: null,
    last_urged_at: null,
  };
  await trx
    .insertInto('doc_exchange')
    .values([
      {
        ...base,
        id: 'XDEMO01',
        unit_id: 'MU01',
        read_at: daysAgo(at, 5),
        read_by: 'unithb',
        signed_at: daysAgo(at, 5),
        signed_by: 'unithb',
        reply_text: '已收悉，华北分会将于本月底前组织会员单位完成自评并报送材料。',
        urge_count: 0,
      },
      {
        ...base,
        id: 'XDEMO02',
        unit_id: 'MU02',
        read_at: null,
        read_by: null,
        signed_at: null,
        signed_by: null,
        reply_text: null,
        urge_count: 0,
      },
    ])
    .execute();
}
