import { ownFile } from '../../core/files/own-files.repository';
import { createHash } from 'node:crypto';
import { DECLARE_EDITABLE, type OrgInfo } from '@oa/shared/contract/subjects';
import {
  CONTRACT_STEPS,
  DECLARE_STEPS,
  contractSteps,
  declareSteps,
  stepProblem,
  sumItems,
  type ContractStep,
  type DeclareStep,
} from '@oa/shared/contract/subjects-steps';
import type { z } from 'zod';
import type { AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { hashStoredPassword } from '../../core/identity/password';
import { namePinyin } from '../../core/search/pinyin';
import { sendSmsCode, verifySmsCode } from '../../core/identity/sms-codes';
import { AppError, badRequest, bizError, notFound } from '../../lib/errors';
import { ErrorCode } from '@oa/shared/contract/envelope';
import { nowIso } from '../../lib/time';
import * as batches from './batches.repository';
import * as people from './applicants.repository';
import * as repo from './subjects.repository';
import { parseJson, toItem, today } from './subjects.mapper';
import { startContractApproval } from './subjects.lifecycle';
import { openNullable, sealField } from '../../lib/field-cipher';
import { SUBJECT_ORG_PHONE_PURPOSE } from '../../db/sealed-columns';
import { sealedMobileColumns } from '../../db/applicant-mobiles';
import { mobileLookup } from '../../core/identity/account-mobile';

/** The applicants' area (platform 19): own subjects only, declaration and contract step by step. */

const CHANGED = '课题状态已变化，请刷新后重试';
const yuan = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function own(ctx: AppContext | { db: AppContext['db'] }, userCode: string, id: string): Promise<repo.SubjectRow> {
  const s = await repo.findSubject(ctx.db, id);
  if (!s || s.applicant !== userCode) throw notFound('课题不存在');
  return s;
}

export async function mySubjects(ctx: AppContext, userCode: string, q: { pageNumber: number; pageSize: number }) {
  const { rows, total } = await repo.searchSubjects(ctx.db, { applicant: userCode }, { ...q });
  return { list: rows.map(toItem), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

function windowProblem(b: { name: string; open_date: string; close_date: string }): string | null {
  const on = today();
  if (on < b.open_date) return `「${b.name}」尚未开始申报（申报时间 ${b.open_date} 至 ${b.close_date}）`;
  if (on > b.close_date) return `「${b.name}」申报已截止（申报时间 ${b.open_date} 至 ${b.close_date}）`;
  return null;
}

export async function createDraft(ctx: AppContext, userCode: string, body: { batchId: string; name: string }): Promise<string> {
  const b = await batches.findBatch(ctx.db, body.batchId);
  if (!b) throw badRequest('申报批次不存在', 'batchId');
  const closed = windowProblem(b);
  if (closed) throw bizError(closed);
  const org = await people.findOrg(ctx.db, userCode);
  const at = nowIso();
  const id = repo.newId('SJ');
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertSubject(trx, {
      id,
      code: null,
      batch_id: b.id,
      year: b.year,
      name: body.name,
      category: null,
      org_name: org?.org_name ?? null,
      leader_name: null,
      budget: null,
      status: 'draft',
      contract_status: 'none',
      applicant: userCode,
      manager: null,
      manager_dept: null,
      declaration: JSON.stringify({ applicationForm: { name: body.name, orgName: org?.org_name ?? '' } }),
      contract: '{}',
      score_avg: null,
      start_date: null,
      end_date: null,
      midterm_due: null,
      submitted_at: null,
      contract_signed_at: null,
      created_at: at,
      updated_at: at,
    });
    await repo.insertLog(trx, id, 'created', userCode, `创建申报书（${b.name}）`, at);
  });
  return id;
}

function checkStep(schema: z.ZodType, data: unknown, title: string): unknown {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw badRequest(`${title}：${issue.message}`, `data.${issue.path.map(String).join('.')}`);
}

/** Saves one step of the declaration as a draft (validated on its own; 400 naming the field). */
export async function saveDeclareStep(
  ctx: AppContext,
  userCode: string,
  body: { id: string; step: string; data: Record<string, unknown> },
): Promise<void> {
  const step = DECLARE_STEPS.find((s) => s.key === body.step);
  if (!step) throw badRequest('申报书步骤无效', 'step');
  const value = checkStep(declareSteps[step.key as DeclareStep], body.data, step.title) as Record<string, unknown>;
  await ctx.db.transaction().execute(async (trx) => {
    const s = await own({ db: trx }, userCode, body.id);
    if (!DECLARE_EDITABLE.includes(s.status as never)) throw bizError('申报书已提交，不能修改');
    const b = await batches.findBatch(trx, s.batch_id);
    if (step.key === 'applicationForm' && b && Number(value.budget) > Number(b.budget_ceiling)) {
      throw badRequest(`申请经费不能超过本批次单项上限 ${yuan(Number(b.budget_ceiling))} 元`, 'data.budget');
    }
    const declaration = { ...parseJson(s.declaration), [step.key]: value };
    const mismatch = step.key === 'budget' ? budgetMismatch(declaration) : null;
    if (mismatch) throw badRequest(`经费预算：${mismatch}`, 'data.items');
    const app =
      step.key === 'applicationForm'
        ? {
            name: String(value.name),
            category: String(value.category),
            org_name: String(value.orgName),
            leader_name: String(value.leaderName),
            budget: Number(value.budget),
            start_date: String(value.startDate),
            end_date: String(value.endDate),
          }
        : {};
    if (
      !(await repo.updateSubjectIf(trx, s.id, DECLARE_EDITABLE, { declaration: JSON.stringify(declaration), ...app, updated_at: nowIso() }))
    )
      throw bizError(CHANGED);
  });
}

/** The first problem of a whole declaration (every step valid, the budget adds up), or null. */
function declarationProblem(declaration: Record<string, unknown>): string | null {
  for (const step of DECLARE_STEPS) {
    const p = stepProblem(declareSteps[step.key], declaration[step.key]);
    if (p) return declaration[step.key] === undefined ? `请完成「${step.title}」` : `「${step.title}」：${p.message}`;
  }
  const mismatch = budgetMismatch(declaration);
  return mismatch ? `「经费预算」：${mismatch}` : null;
}

/**
 * The budget rule of a declaration: the budget items add up to the amount applied for (申请经费). Checked when the
 * budget step is saved (once the application form is there) and again on submitting.
 */
function budgetMismatch(declaration: Record<string, unknown>): string | null {
  const form = declaration.applicationForm as { budget?: number } | undefined;
  const items = (declaration.budget as { items?: Array<{ amount: number }> } | undefined)?.items;
  if (form?.budget === undefined || !items) return null;
  const budget = Number(form.budget);
  const total = sumItems(items);
  return Math.abs(total - budget) > 0.005 ? `预算合计 ${yuan(total)} 元须等于申请经费 ${yuan(budget)} 元` : null;
}

/** Submits within the batch's window only (refused outside it), every step complete. */
export async function submitDeclaration(ctx: AppContext, userCode: string, id: string, audit: AuditLast): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const s = await own({ db: trx }, userCode, id);
    if (!DECLARE_EDITABLE.includes(s.status as never)) throw bizError('申报书已提交，请勿重复提交');
    const b = await batches.findBatch(trx, s.batch_id);
    if (!b) throw notFound('申报批次不存在');
    const closed = windowProblem(b);
    if (closed) throw bizError(`${closed}，不能提交`);
    const problem = declarationProblem(parseJson(s.declaration));
    if (problem) throw bizError(problem);
    if (Number(s.budget) > Number(b.budget_ceiling)) throw bizError(`申请经费不能超过本批次单项上限 ${yuan(Number(b.budget_ceiling))} 元`);
    const at = nowIso();
    const code = s.code ?? (await nextCode(trx, s.year));
    if (!(await repo.updateSubjectIf(trx, s.id, DECLARE_EDITABLE, { status: 'submitted', code, submitted_at: at, updated_at: at })))
      throw bizError(CHANGED);
    await repo.insertLog(trx, s.id, 'submitted', userCode, s.status === 'returned' ? '修改后重新提交申报书' : '提交申报书', at);
    await audit(trx);
  });
}

async function nextCode(db: AppContext['db'], year: number): Promise<string> {
  const prefix = `KT${year}`;
  const max = await repo.maxCode(db, prefix);
  const seq = max ? Number(max.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

const CONTRACT_EDITABLE = ['none', 'draft', 'returned'];

export async function saveContractStep(
  ctx: AppContext,
  userCode: string,
  body: { id: string; step: string; data: Record<string, unknown> },
): Promise<void> {
  const step = CONTRACT_STEPS.find((s) => s.key === body.step);
  if (!step) throw badRequest('合同步骤无效', 'step');
  const value = checkStep(contractSteps[step.key as ContractStep], body.data, step.title);
  await ctx.db.transaction().execute(async (trx) => {
    const s = await own({ db: trx }, userCode, body.id);
    if (s.status !== 'approved') throw bizError('课题立项后方可填写合同');
    if (step.key === 'budget') {
      const total = sumItems((value as { items: Array<{ amount: number }> }).items);
      if (total > Number(s.budget ?? 0) + 0.005)
        throw badRequest(`合同经费预算合计 ${yuan(total)} 元不能超过批准经费 ${yuan(Number(s.budget ?? 0))} 元`, 'data.items');
    }
    const contract = { ...parseJson(s.contract), [step.key]: value };
    if (
      !(await repo.updateContractIf(trx, s.id, CONTRACT_EDITABLE, {
        contract: JSON.stringify(contract),
        contract_status: 'draft',
        updated_at: nowIso(),
      }))
    ) {
      throw bizError('合同已提交审批，不能修改');
    }
  });
}

/** Submits the contract: every step complete; starts 合同签订审批 (initiated by the subject's manager). */
export async function submitContract(ctx: AppContext, userCode: string, id: string, audit: AuditLast): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const s = await own({ db: trx }, userCode, id);
    if (s.status !== 'approved') throw bizError('课题立项后方可提交合同');
    const contract = parseJson(s.contract);
    for (const step of CONTRACT_STEPS) {
      const p = stepProblem(contractSteps[step.key], contract[step.key]);
      if (p) throw bizError(contract[step.key] === undefined ? `请完成「${step.title}」` : `「${step.title}」：${p.message}`);
    }
    const at = nowIso();
    if (!(await repo.updateContractIf(trx, s.id, ['draft', 'returned'], { contract_status: 'approving', updated_at: at })))
      throw bizError('合同已提交，请勿重复提交');
    await repo.insertLog(trx, s.id, 'contract_submitted', userCode, '提交课题合同，等待签订审批', at);
    await startContractApproval(ctx, trx, { ...s, contract_status: 'approving' });
    await audit(trx);
  });
}

export async function addReport(
  ctx: AppContext,
  userCode: string,
  body: { subjectId: string; kind: 'progress' | 'midterm' | 'completion'; title: string; content?: string | null; fileId?: string | null },
): Promise<string> {
  if (body.fileId && !(await ownFile(ctx.db, body.fileId, userCode))) throw badRequest('报告附件无效（只能使用本人上传的文件）', 'fileId');
  return ctx.db.transaction().execute(async (trx) => {
    const s = await own({ db: trx }, userCode, body.subjectId);
    const at = nowIso();
    const move =
      body.kind === 'midterm'
        ? { from: ['in_progress'], to: 'midterm', bad: '课题执行中方可提交中期检查报告' }
        : body.kind === 'completion'
          ? { from: ['in_progress'], to: 'completion_requested', bad: '课题执行中且中期检查结束后方可申请结题' }
          : { from: ['in_progress', 'midterm'], to: null, bad: '课题执行中方可提交进度报告' };
    if (body.kind === 'completion' && s.midterm_due) throw bizError('请先完成中期检查，再申请结题');
    const ok = await repo.updateSubjectIf(trx, s.id, move.from, { ...(move.to ? { status: move.to } : {}), updated_at: at });
    if (!ok) throw bizError(move.bad);
    const id = repo.newId('RP');
    await repo.insertReport(trx, {
      id,
      subject_id: s.id,
      kind: body.kind,
      title: body.title,
      content: body.content ?? null,
      file_id: body.fileId ?? null,
      created_by: userCode,
      created_at: at,
    });
    await repo.insertLog(
      trx,
      s.id,
      `report_${body.kind}`,
      userCode,
      `提交${body.kind === 'midterm' ? '中期检查报告' : body.kind === 'completion' ? '结题报告，申请结题' : '进度报告'}：${body.title}`,
      at,
    );
    return id;
  });
}

export async function getOrg(ctx: AppContext, userCode: string): Promise<OrgInfo | null> {
  const o = await people.findOrg(ctx.db, userCode);
  return o
    ? {
        orgName: o.org_name,
        creditCode: o.credit_code,
        address: o.address,
        contact: o.contact,
        phone: openNullable(ctx.fieldKeys, SUBJECT_ORG_PHONE_PURPOSE, o.phone),
        intro: o.intro,
        updatedAt: o.updated_at,
      }
    : null;
}

export async function saveOrg(ctx: AppContext, userCode: string, body: Omit<OrgInfo, 'updatedAt'>): Promise<void> {
  await people.upsertOrg(ctx.db, {
    user_code: userCode,
    org_name: body.orgName,
    credit_code: body.creditCode || null,
    address: body.address ?? null,
    contact: body.contact ?? null,
    phone: body.phone ? sealField(ctx.fieldKeys, SUBJECT_ORG_PHONE_PURPOSE, body.phone) : (body.phone ?? null),
    intro: body.intro ?? null,
    updated_at: nowIso(),
  });
}

// ------------------------------------------------------------------------------------------- accounts

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** The image captcha first (an anonymous SMS send costs money), then the SMS code service. */
export async function sendRegisterSms(
  ctx: AppContext,
  body: { mobile: string; captchaKey: string; captcha: string },
  ip: string,
): Promise<void> {
  const answer = await people.consumeCaptcha(ctx.db, body.captchaKey, nowIso());
  if (!answer || answer !== sha(body.captcha.trim().toLowerCase()))
    throw new AppError(ErrorCode.CAPTCHA_WRONG, '图形验证码错误或已失效，请刷新后重试');
  if (await people.mobileTaken(ctx.db, mobileLookup(ctx.fieldKeys, body.mobile))) throw bizError('该手机号已注册，请直接登录');
  await sendSmsCode(ctx, body.mobile, 'register', ip);
}

interface NewAccount {
  userCode: string;
  userName: string;
  mobile: string;
  orgName: string;
  password: string;
}

/** Opens an applicant's account; `audit` is written last in its transaction. */
export async function createApplicant(ctx: AppContext, a: NewAccount, audit: AuditLast): Promise<void> {
  if (await people.userCodeTaken(ctx.db, a.userCode)) throw bizError('该账号已被使用');
  if (await people.mobileTaken(ctx.db, mobileLookup(ctx.fieldKeys, a.mobile))) throw bizError('该手机号已注册');
  const passwordHash = await hashStoredPassword(a.password);
  const py = namePinyin(a.userName);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await people.insertApplicant(trx, {
      userCode: a.userCode,
      userName: a.userName,
      mobile: sealedMobileColumns(ctx.fieldKeys, a.mobile),
      passwordHash,
      pinyin: py.full,
      initials: py.initials,
      at,
    });
    await people.upsertOrg(trx, {
      user_code: a.userCode,
      org_name: a.orgName,
      credit_code: null,
      address: null,
      contact: a.userName,
      phone: sealField(ctx.fieldKeys, SUBJECT_ORG_PHONE_PURPOSE, a.mobile),
      intro: null,
      updated_at: at,
    });
    await audit(trx);
  });
}

export async function register(ctx: AppContext, body: NewAccount & { smsCode: string }, audit: AuditLast): Promise<void> {
  if (await people.userCodeTaken(ctx.db, body.userCode)) throw bizError('该账号已被使用');
  await verifySmsCode(ctx, body.mobile, 'register', body.smsCode);
  await createApplicant(ctx, body, audit);
}
