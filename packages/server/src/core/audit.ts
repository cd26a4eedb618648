import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { nowIso } from '../lib/time';

export interface AuditEntry {
  action: string;
  target?: string | null;
  result: 'ok' | 'fail' | 'denied';
  detail?: unknown;
  userCode?: string | null;
}

/** Appends one audit row (who, when, where, what, result). Never updated, never deleted by the app. */
export async function writeAudit(db: Db, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  await db.insertInto('sys_audit').values({
    at: nowIso(),
    user_code: e.userCode ?? req?.auth?.user.userCode ?? null,
    ip: req?.ip ?? null,
    action: e.action,
    target: e.target ?? null,
    result: e.result,
    detail: e.detail === undefined ? null : JSON.stringify(e.detail).slice(0, 4000),
  }).execute();
}
