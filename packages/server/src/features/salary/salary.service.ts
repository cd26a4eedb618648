import { inChange } from '../../core/audit';
import { randomBytes } from 'node:crypto';
import type { Paged } from '@oa/shared/contract/envelope';
import type { MySalarySlip, MySalarySlipDetail, SalaryBatch, SalaryBatchDetail, SalaryGrant, SalaryRow } from '@oa/shared/contract/salary';
import { SALARY_BATCH_STATUS } from '@oa/shared/contract/salary';
import { maskBankCard } from '@oa/shared/format/bank-card-mask';
import type { AppContext } from '../../core/context';
import { insertNotices } from '../../core/ports/notice.repository';
import { verifyStoredPassword } from '../../core/identity/password';
import { sendSmsCode, verifySmsCode } from '../../core/identity/sms-codes';
import { bizError, forbidden, notFound, tooMany } from '../../lib/errors';
import { MINUTE } from '../../lib/time';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { ParsedSheet } from './salary.import';
import * as repo from './salary.repository';
import { exceljs } from '../../lib/heavy-libs';
import { nextTurn } from '../../lib/next-turn';
import { openBankCard, openItems, openSrcMobile, sealSlipFields } from '../../core/crypto/slip-fields';

/** Salary slips: import, match, send, withdraw; each person reads only their own after confirming identity. */
const newId = (): string => randomBytes(12).toString('hex');
const GRANT_MS = 10 * MINUTE;
export interface Viewer {
  userCode: string;
  sessionId: string;
  seesFullCard: boolean;
}

const card = (v: string | null, full: boolean) => (v ? (full ? v : maskBankCard(v)) : null);
const isZero = (v: string) => v === '' || /^-?0+(\.0+)?$/.test(v);

async function toBatches(ctx: AppContext, rows: repo.BatchRow[]): Promise<SalaryBatch[]> {
  const counts = await repo.readCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((b) => {
    const c = counts.find((x) => x.batch_id === b.id);
    return {
      id: b.id,
      month: b.month,
      title: b.title,
      status: b.status as SalaryBatch['status'],
      hideZero: b.hide_zero,
      items: JSON.parse(b.item_names) as string[],
      rowCount: b.row_count,
      unmatched: b.unmatched,
      readCount: Number(c?.read ?? 0),
      confirmedCount: Number(c?.confirmed ?? 0),
      fileName: b.file_name,
      createdBy: b.created_by,
      createdAt: b.created_at,
      sentAt: b.sent_at,
    };
  });
}

export async function listBatches(
  ctx: AppContext,
  q: { pageNumber: number; pageSize: number; month?: string },
): Promise<Paged<SalaryBatch>> {
  const { rows, total } = await repo.listBatches(ctx.db, { month: q.month, offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize });
  return { list: await toBatches(ctx, rows), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

async function batchOf(ctx: AppContext, id: string): Promise<repo.BatchRow> {
  const b = await repo.getBatch(ctx.db, id);
  if (!b) throw notFound('工资批次不存在');
  return b;
}

export async function batchDetail(ctx: AppContext, viewer: Viewer, id: string): Promise<SalaryBatchDetail> {
  const b = await batchOf(ctx, id);
  const slips = await repo.batchSlips(ctx.db, id);
  const keys = ctx.fieldKeys;
  const rows: SalaryRow[] = [];
  for (const [i, s] of slips.entries()) {
    if (i && i % 500 === 0) await nextTurn(); // decrypting a large batch: let waiting requests in
    rows.push({
      id: s.id,
      rowNo: s.row_no,
      userCode: s.user_code,
      userName: s.user_name ?? s.src_name ?? '',
      deptName: s.dept_name ?? null,
      matchInfo: s.user_code ? '已匹配' : unmatchedReason({ ...s, src_mobile: openSrcMobile(keys, s.src_mobile) }),
      matched: !!s.user_code,
      bankCard: card(openBankCard(keys, s.bank_card), viewer.seesFullCard),
      items: openItems(keys, s.items),
      readAt: s.read_at,
      confirmedAt: s.confirmed_at,
      feedback: s.feedback,
    });
  }
  return { batch: (await toBatches(ctx, [b]))[0], rows };
}

function unmatchedReason(s: { src_code: string | null; src_name: string | null; src_mobile: string | null }): string {
  if (s.src_code) return `工号“${s.src_code}”不存在${s.src_name ? `，且姓名“${s.src_name}”与手机号未匹配到人员` : ''}`;
  if (!s.src_name || !s.src_mobile) return '缺少工号，或姓名 + 手机号';
  return `姓名“${s.src_name}”与手机号“${s.src_mobile}”未匹配到人员`;
}

/** Matches rows by user code, else by name + mobile. A person on two rows leaves the second unmatched. */
async function match(ctx: AppContext, sheet: ParsedSheet): Promise<Array<Omit<repo.SlipRow, 'batch_id'>>> {
  const byCode = new Map(
    (await repo.usersByCodes(ctx.db, [...new Set(sheet.rows.map((r) => r.code).filter((c): c is string => !!c))])).map((u) => [
      u.user_code,
      u,
    ]),
  );
  const mobiles = await repo.usersByMobiles(ctx.db, [...new Set(sheet.rows.map((r) => r.mobile).filter((c): c is string => !!c))]);
  const used = new Set<string>();
  const out: Array<Omit<repo.SlipRow, 'batch_id'>> = [];
  for (const [i, r] of sheet.rows.entries()) {
    if (i && i % 500 === 0) await nextTurn(); // encrypting a large sheet: let waiting requests in
    let user = r.code ? byCode.get(r.code) : undefined;
    if (!user && r.name && r.mobile) user = mobiles.find((u) => u.mobile === r.mobile && u.user_name === r.name);
    if (user && r.name && user.user_name !== r.name && r.code) user = mobiles.find((u) => u.mobile === r.mobile && u.user_name === r.name); // code and name disagree
    const code = user && !used.has(user.user_code) ? user.user_code : null;
    if (code) used.add(code);
    out.push({
      id: newId(),
      row_no: r.rowNo,
      user_code: code,
      src_code: r.code,
      src_name: r.name,
      ...sealSlipFields(ctx.fieldKeys, { bankCard: r.bankCard, mobile: r.mobile, items: r.items }),
      read_at: null,
      confirmed_at: null,
      feedback: null,
      feedback_at: null,
    });
  }
  return out;
}

/** Imports a month (a new batch, or replaces the rows of a draft / withdrawn batch). Nothing is sent. */
export async function importBatch(
  ctx: AppContext,
  by: string,
  input: { month: string; batchId?: string; fileName: string; sheet: ParsedSheet },
): Promise<SalaryBatchDetail & { unmatchedRows: string[] }> {
  const slips = await match(ctx, input.sheet);
  const unmatched = slips.filter((s) => !s.user_code).length;
  const at = new Date().toISOString();
  const [y, m] = input.month.split('-');
  let id = input.batchId;
  await inChange(ctx.db, async (trx) => {
    const fields = {
      month: input.month,
      title: `${y}年${Number(m)}月工资条`,
      item_names: JSON.stringify(input.sheet.itemNames),
      row_count: slips.length,
      unmatched,
      file_name: input.fileName.slice(0, 200),
      updated_at: at,
    };
    if (id) {
      if (!(await repo.updateBatch(trx, id, ['draft', 'withdrawn'], fields))) throw bizError('只有待发送或已撤回的批次可以重新导入');
    } else {
      id = newId();
      await repo.insertBatch(trx, { id, ...fields, status: 'draft', hide_zero: 'Y', created_by: by, created_at: at, sent_at: null });
    }
    await repo.replaceSlips(trx, id, slips);
  });
  const detail = await batchDetail(ctx, { userCode: by, sessionId: '', seesFullCard: false }, id!);
  return { ...detail, unmatchedRows: detail.rows.filter((r) => !r.matched).map((r) => `第 ${r.rowNo} 行：${r.matchInfo}`) };
}

/** Finance matches one unmatched row to a person by hand. */
export async function matchRow(ctx: AppContext, slipId: string, userCode: string): Promise<void> {
  const s = await repo.getSlip(ctx.db, slipId);
  if (!s) throw notFound('工资条不存在');
  const b = await batchOf(ctx, s.batch_id);
  if (b.status === 'sent') throw bizError('已发送的批次不能修改，请先撤回');
  if (!(await repo.usersByCodes(ctx.db, [userCode])).length) throw bizError('人员不存在');
  if ((await repo.batchUsers(ctx.db, b.id)).some((u) => u.user_code === userCode && userCode !== s.user_code))
    throw bizError('该人员在本批次中已有工资条');
  await inChange(ctx.db, async (trx) => {
    await repo.setSlipUser(trx, slipId, userCode);
    await repo.updateBatch(trx, b.id, ['draft', 'withdrawn'], {
      unmatched: await repo.countUnmatched(trx, b.id),
      updated_at: new Date().toISOString(),
    });
  });
}

export async function setHideZero(ctx: AppContext, id: string, hideZero: 'Y' | 'N'): Promise<void> {
  await batchOf(ctx, id);
  await repo.updateBatch(ctx.db, id, ['draft', 'sent', 'withdrawn'], { hide_zero: hideZero, updated_at: new Date().toISOString() });
}

/** Sends (or resends after a withdrawal) — refused while any row is unmatched. */
export async function send(ctx: AppContext, id: string): Promise<number> {
  const b = await batchOf(ctx, id);
  if (b.status === 'sent') throw bizError('该批次已发送');
  if (b.unmatched > 0) throw bizError(`还有 ${b.unmatched} 行未匹配到人员，全部匹配后才能发送`);
  const at = new Date().toISOString();
  return inChange(ctx.db, async (trx) => {
    if (!(await repo.updateBatch(trx, id, ['draft', 'withdrawn'], { status: 'sent', sent_at: at, updated_at: at }, { unmatched0: true })))
      throw bizError('该批次状态已变化，请刷新后重试');
    const users = (await repo.batchUsers(trx, id)).map((u) => u.user_code!);
    await insertNotices(
      trx,
      users,
      {
        kind: 'system',
        title: `${b.title}已发放`,
        content: '请在“工资条查询”中验证身份后查看，并确认或反馈。',
        moduleCode: 'salary',
        recordId: id,
        event: 'salary',
      },
      at,
    );
    return users.length;
  });
}

export async function withdraw(ctx: AppContext, id: string): Promise<void> {
  await batchOf(ctx, id);
  if (!(await repo.updateBatch(ctx.db, id, ['sent'], { status: 'withdrawn', updated_at: new Date().toISOString() })))
    throw bizError('只有已发送的批次可以撤回');
}

export async function removeBatch(ctx: AppContext, id: string): Promise<void> {
  await batchOf(ctx, id);
  if (!(await repo.deleteBatch(ctx.db, id))) throw bizError('只有待发送的批次可以删除');
}

/** The batch with read and confirmed per person, as Excel (bank cards masked unless role 014). */
export async function exportBatch(ctx: AppContext, viewer: Viewer, id: string): Promise<{ name: string; body: Buffer }> {
  const d = await batchDetail(ctx, viewer, id);
  const wb = new (exceljs().Workbook)();
  const ws = wb.addWorksheet('工资条');
  ws.addRow(['行号', '工号', '姓名', '部门', '银行卡号', ...d.batch.items, '查看时间', '确认时间', '反馈']).font = { bold: true };
  for (const r of d.rows) {
    ws.addRow([
      r.rowNo,
      r.userCode ?? '',
      r.userName,
      r.deptName ?? '',
      r.bankCard ?? '',
      ...d.batch.items.map((n) => r.items.find((i) => i.name === n)?.value ?? ''),
      r.readAt ?? '未查看',
      r.confirmedAt ?? '未确认',
      r.feedback ?? '',
    ]);
  }
  ws.columns.forEach((c) => {
    c.width = 14;
  });
  return { name: `${d.batch.title}（${SALARY_BATCH_STATUS[d.batch.status]}）.xlsx`, body: Buffer.from(await wb.xlsx.writeBuffer()) };
}

// ---- the person's own slips
export async function grantOf(ctx: AppContext, viewer: Viewer, now = new Date()): Promise<SalaryGrant> {
  const g = await repo.getGrant(ctx.db, viewer.sessionId);
  const valid = !!g && g.user_code === viewer.userCode && g.expires_at > now.toISOString();
  return { verified: valid, expiresAt: valid ? g!.expires_at : null };
}

async function requireGrant(ctx: AppContext, viewer: Viewer): Promise<void> {
  if (!(await grantOf(ctx, viewer)).verified) throw forbidden('请先验证身份（登录密码或短信验证码）后查看工资条');
}

/** Confirms identity again for this session: the login password (sm3(sm3())) or an SMS code. */
export async function verify(ctx: AppContext, viewer: Viewer, body: { password: string } | { smsCode: string }): Promise<SalaryGrant> {
  if (!(await ctx.rateLimiter.hit(`salary-verify:${viewer.userCode}`, 5, 15 * MINUTE)).allowed)
    throw tooMany('验证失败次数过多，请 15 分钟后再试');
  const u = await repo.userAuth(ctx.db, viewer.userCode);
  if (!u) throw notFound('用户不存在');
  if ('password' in body) {
    if (!(await verifyStoredPassword(u.password_hash, body.password))) throw bizError('密码错误', ErrorCode.OLD_PASSWORD_WRONG);
  } else {
    if (!u.mobile) throw bizError('您的账号未登记手机号，请使用登录密码验证');
    await verifySmsCode(ctx, u.mobile, 'salary', body.smsCode);
  }
  const expiresAt = new Date(Date.now() + GRANT_MS).toISOString();
  await repo.purgeGrants(ctx.db, new Date().toISOString());
  await repo.putGrant(ctx.db, viewer.sessionId, viewer.userCode, expiresAt);
  return { verified: true, expiresAt };
}

export async function sendCode(ctx: AppContext, viewer: Viewer, ip: string): Promise<string> {
  const u = await repo.userAuth(ctx.db, viewer.userCode);
  if (!u?.mobile) throw bizError('您的账号未登记手机号，请使用登录密码验证');
  await sendSmsCode(ctx, u.mobile, 'salary', ip);
  return `${u.mobile.slice(0, 3)}****${u.mobile.slice(-4)}`;
}

export async function mySlips(
  ctx: AppContext,
  viewer: Viewer,
  q: { pageNumber: number; pageSize: number; year?: string },
): Promise<Paged<MySalarySlip>> {
  await requireGrant(ctx, viewer);
  const { rows, total } = await repo.mySlips(ctx.db, viewer.userCode, {
    year: q.year,
    offset: (q.pageNumber - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return {
    list: rows.map((r) => ({
      id: r.id,
      month: r.month,
      title: r.title,
      readAt: r.read_at,
      confirmedAt: r.confirmed_at,
      feedback: r.feedback,
    })),
    total,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}

/** One of the person's own slips (never another's: the query is by user code; a wrong id is 404). */
export async function mySlip(ctx: AppContext, viewer: Viewer, id: string): Promise<MySalarySlipDetail> {
  await requireGrant(ctx, viewer);
  const s = await repo.mySlip(ctx.db, viewer.userCode, id);
  if (!s) throw notFound('工资条不存在');
  const at = new Date().toISOString();
  await repo.markRead(ctx.db, viewer.userCode, id, at);
  const items = openItems(ctx.fieldKeys, s.items).filter((i) => s.hide_zero !== 'Y' || !isZero(i.value));
  const u = await repo.userAuth(ctx.db, viewer.userCode);
  return {
    id: s.id,
    month: s.month,
    title: s.title,
    readAt: s.read_at ?? at,
    confirmedAt: s.confirmed_at,
    feedback: s.feedback,
    userName: u?.user_name ?? '',
    bankCard: card(openBankCard(ctx.fieldKeys, s.bank_card), viewer.seesFullCard),
    items,
  };
}

export async function confirm(ctx: AppContext, viewer: Viewer, id: string): Promise<void> {
  await mySlip(ctx, viewer, id);
  if (!(await repo.confirmSlip(ctx.db, viewer.userCode, id, new Date().toISOString()))) throw bizError('该工资条已确认');
}

export async function feedback(ctx: AppContext, viewer: Viewer, id: string, content: string): Promise<void> {
  const s = await mySlip(ctx, viewer, id);
  const row = await repo.getSlip(ctx.db, id);
  const b = row && (await repo.getBatch(ctx.db, row.batch_id));
  await inChange(ctx.db, async (trx) => {
    await repo.feedbackSlip(trx, viewer.userCode, id, content, new Date().toISOString());
    if (b)
      await insertNotices(trx, [b.created_by], {
        kind: 'system',
        title: `${s.title}收到反馈`,
        content: `${s.userName}对工资条提出反馈，请在工资条管理中查看。`,
        moduleCode: 'salary',
        recordId: null,
      });
  });
}
