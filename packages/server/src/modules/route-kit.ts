import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { APPROVAL_API } from '@oa/shared/contract/approval-modules';
import type { Db } from '../db/database';
import { auditAfterCommit } from '../core/audit';
import { unauthorized } from '../lib/errors';

/** Small helpers shared by the routes and services of the module homes (modules/<code>/). */

/** A module home's extra route: `/oa/api/auth/oa/approval/<area>/<action>`. */
export const approvalPath = (path: string) => `/oa${APPROVAL_API}/${path}`;

/** Who is asking, and whether they manage the module (administrator or `<code>:manage`). */
export interface Viewer {
  userCode: string;
  roleCodes: readonly string[];
  isAdmin: boolean;
  manage: boolean;
}

export async function viewerOf(req: FastifyRequest, managePerm: string): Promise<Viewer> {
  const a = req.auth;
  if (!a) throw unauthorized();
  return { userCode: a.user.userCode, roleCodes: a.roleCodes, isAdmin: a.isAdmin, manage: a.isAdmin || (await a.can(managePerm)) };
}

export const auditOk = (db: Db, req: FastifyRequest, action: string, target: string, detail?: unknown) =>
  auditAfterCommit(db, req, { action, target, result: 'ok', detail });

export const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;

/** Trimmed text, or null when empty. */
export const nullable = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
