import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { APPROVAL_API } from '@oa/shared/contract/approval-modules';
import type { Db } from '../db/database';
import { inChange, writeAudit, type Trx } from '../core/audit';
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

/** What a module home's change records in the audit trail (before/after: the thing as it was and as it is). */
export interface ModuleAudit {
  action: string;
  target: string;
  detail?: unknown;
  before?: unknown;
  after?: unknown;
}

/**
 * Runs a module home's change and writes its audit row last, in the change's one transaction (core/audit.ts): the
 * change lands only with its row. `change` runs every statement on the transaction it is given.
 */
export const audited = <T>(db: Db, req: FastifyRequest, change: (trx: Trx) => Promise<T>, audit: (out: T) => ModuleAudit): Promise<T> =>
  inChange(db, async (trx) => {
    const out = await change(trx);
    await writeAudit(trx, req, { result: 'ok', ...audit(out) });
    return out;
  });

export const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;

/** Trimmed text, or null when empty. */
export const nullable = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
