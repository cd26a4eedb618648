import type { UsableSeal } from '@oa/shared/contract/seals';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/database';
import { bizError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { DocActor } from './documents.access';
import { newId } from './documents.service';
import {
  allSeals,
  approvedStampApplications,
  docSealUse,
  findSeal,
  findStampApplication,
  insertSealUse,
  recordUsed,
  sealImage,
  userRolesAndDept,
  type SealRow,
} from './seal.repository';

/**
 * Using a seal (issue 37): only at the dispatch's 印制, by one of the seal's keepers (the dispatch was 签发 by its
 * process), or under an approved 用印 application of the actor that names the seal (field 使用印章) — each
 * application once, and only from someone the seal may be asked by. Every use goes to the log.
 */
export interface SealGrant {
  seal: SealRow;
  png: Buffer;
  via: 'keeper' | 'application';
  recordId: string | null;
}

const list = (json: string) => JSON.parse(json) as string[];
const isKeeper = (seal: SealRow, userCode: string) => list(seal.keepers).includes(userCode);
const sealNameOf = (data: string): string => {
  const v = (JSON.parse(data) as Record<string, unknown>).sealName;
  return typeof v === 'string' ? v.trim() : '';
};

/** Whether a person may ask for the seal: its departments and roles (none named: everyone). */
async function mayAsk(db: Db, seal: SealRow, userCode: string): Promise<boolean> {
  const roles = list(seal.requester_roles);
  const depts = list(seal.requester_depts);
  if (!roles.length && !depts.length) return true;
  const who = await userRolesAndDept(db, userCode);
  return (!!who.dept && depts.includes(who.dept)) || who.roles.some((r) => roles.includes(r));
}

/** The enabled seals the actor may put on a dispatch at 印制, each with the approved applications naming it. */
export async function usableSeals(ctx: AppContext, actor: DocActor): Promise<UsableSeal[]> {
  const [seals, apps] = await Promise.all([allSeals(ctx.db), approvedStampApplications(ctx.db, actor.userCode)]);
  const out: UsableSeal[] = [];
  for (const seal of seals.filter((s) => s.enabled === 'Y')) {
    const named = apps.filter((a) => sealNameOf(a.data) === seal.name);
    const open = [];
    for (const a of named) if (!(await recordUsed(ctx.db, a.id))) open.push({ id: a.id, serialNo: a.serial_no, title: a.title });
    const asks = open.length > 0 && (await mayAsk(ctx.db, seal, actor.userCode));
    if (isKeeper(seal, actor.userCode) || asks)
      out.push({
        id: seal.id,
        name: seal.name,
        kind: seal.kind === 'dept' ? 'dept' : 'org',
        keeper: isKeeper(seal, actor.userCode),
        applications: asks ? open : [],
      });
  }
  return out;
}

/** The seal the actor may stamp with, or a refusal in Chinese; nothing is written. */
export async function grantSeal(ctx: AppContext, actor: DocActor, sealId: string, stampRecordId: string | null): Promise<SealGrant> {
  const seal = await findSeal(ctx.db, sealId);
  if (!seal) throw bizError('印章不存在');
  if (seal.enabled !== 'Y') throw bizError(`印章“${seal.name}”已停用，不能用印`);
  const png = (await sealImage(ctx.db, seal.id))!;
  if (!stampRecordId) {
    if (isKeeper(seal, actor.userCode)) return { seal, png, via: 'keeper', recordId: null };
    throw bizError(`您不是印章“${seal.name}”的保管人，请选择已批准的用印申请`);
  }
  const app = await findStampApplication(ctx.db, stampRecordId);
  if (!app || app.applicant !== actor.userCode) throw bizError('用印申请不存在或不是您提交的');
  if (app.status !== 'approved') throw bizError('用印申请尚未批准，不能用印');
  if (sealNameOf(app.data) !== seal.name) throw bizError(`该用印申请申请的不是印章“${seal.name}”`);
  if (!(await mayAsk(ctx.db, seal, actor.userCode))) throw bizError(`您所在部门或角色不能申请使用印章“${seal.name}”`);
  if (await recordUsed(ctx.db, app.id)) throw bizError('该用印申请已经用过印');
  return { seal, png, via: 'application', recordId: app.id };
}

/** Writes the use to the log, in the transaction of the 印制. */
export async function logSealUse(trx: Db, grant: SealGrant, actor: DocActor, doc: { id: string; title: string }): Promise<void> {
  if (grant.recordId && (await recordUsed(trx, grant.recordId))) throw bizError('该用印申请已经用过印');
  await insertSealUse(trx, {
    id: newId('SU'),
    seal_id: grant.seal.id,
    user_code: actor.userCode,
    used_at: nowIso(),
    doc_id: doc.id,
    doc_title: doc.title.slice(0, 300),
    record_id: grant.recordId,
    via: grant.via,
  });
}

/** The seal a dispatch was stamped with at 印制 (its PNG), for the PDF, the .docx and the OFD; null when none. */
export async function docSeal(db: Db, docId: string): Promise<{ png: Buffer } | null> {
  const use = await docSealUse(db, docId);
  const png = use ? await sealImage(db, use.seal_id) : null;
  return png ? { png } : null;
}
