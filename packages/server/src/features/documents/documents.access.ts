import type { FastifyRequest } from 'fastify';
import { MODULE_OF, type DocKind, type DocScope } from '@oa/shared/contract/document-routes';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/database';
import { viewerOf } from '../../core/identity/account-viewer';
import { docsWithFile, findDoc, myCopy, type DocRowDb } from './documents.repository';
import { ARCHIVE_PERM, archivistsRead } from '../../core/ports/document-port';

/** Who acts: built from the request (routes) or from a user code (file downloads). */
export interface DocActor {
  userCode: string;
  userName: string;
  deptCode: string | null;
  isAdmin: boolean;
  can(permission: string): Promise<boolean>;
}

export const actorOf = (req: FastifyRequest): DocActor => {
  const a = req.auth!;
  return { userCode: a.user.userCode, userName: a.user.userName, deptCode: a.user.deptCode, isAdmin: a.isAdmin, can: (p) => a.can(p) };
};

const actorByCode = (db: Db, userCode: string): Promise<DocActor | null> => viewerOf(db, userCode);

export const moduleCodeOf = (kind: DocKind, scope: DocScope) => MODULE_OF[scope][kind];
export const permOf = (kind: DocKind, scope: DocScope, action: 'create' | 'read' | 'manage' | 'approve') =>
  `${moduleCodeOf(kind, scope)}:${action}`;

/** Managers of a module: the office's document clerks (office level) or a department's (own department). */
export async function canManage(actor: DocActor, doc: Pick<DocRowDb, 'kind' | 'scope' | 'dept_code'>): Promise<boolean> {
  if (actor.isAdmin) return true;
  if (!(await actor.can(permOf(doc.kind, doc.scope, 'manage')))) return false;
  return doc.scope === 'office' || doc.dept_code === actor.deptCode;
}

/**
 * Who may read a document and its files: its registrar/drafter, the managers, everyone who takes or took
 * part in its processing (tasks, CC copies), its recipients, and archivists once it may be filed.
 */
export async function canReadDoc(ctx: AppContext, db: Db, actor: DocActor, doc: DocRowDb): Promise<boolean> {
  if (actor.isAdmin || doc.creator === actor.userCode) return true;
  if (await canManage(actor, doc)) return true;
  if (ctx.workflow && (await ctx.workflow.isParticipant(db, { moduleCode: doc.module_code, recordId: doc.id, userCode: actor.userCode })))
    return true;
  if (await myCopy(db, doc.id, actor.userCode)) return true;
  return archivistsRead(doc) && (await actor.can(ARCHIVE_PERM));
}

/** Whether a user may read a document (the archive asks through core/ports/document-port). */
export async function mayReadDocument(ctx: AppContext, db: Db, userCode: string, docId: string): Promise<boolean> {
  const [doc, actor] = await Promise.all([findDoc(db, docId), actorByCode(db, userCode)]);
  return !!doc && !!actor && canReadDoc(ctx, db, actor, doc);
}

/** A file of a document (body, attachments, printed PDF) may be downloaded by the document's readers. */
export async function mayReadFile(ctx: AppContext, db: Db, userCode: string, fileId: string): Promise<boolean> {
  const docs = await docsWithFile(db, fileId);
  if (!docs.length) return false;
  const actor = await actorByCode(db, userCode);
  if (!actor) return false;
  for (const d of docs) if (await canReadDoc(ctx, db, actor, d)) return true;
  return false;
}
