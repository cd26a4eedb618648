import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { nowIso } from '../lib/time';
import { insertAudit } from './system.repository';

interface AuditEntry {
  action: string;
  target?: string | null;
  result: 'ok' | 'fail' | 'denied';
  detail?: unknown;
  userCode?: string | null;
  /** the client's address when the caller has no request at hand (a service given it by its route) */
  ip?: string | null;
}

/**
 * Appends one audit row (who, when, where, what, result). Pass the caller's transaction as `db` when the
 * row belongs to a change (it then commits or rolls back with it). Append-only: the database itself
 * refuses UPDATE and DELETE on sys_audit (triggers of migration 008).
 */
export async function writeAudit(db: Db, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  await insertAudit(db, {
    at: nowIso(),
    user_code: e.userCode ?? req?.auth?.user.userCode ?? null,
    ip: e.ip ?? req?.ip ?? null,
    action: e.action,
    target: e.target ?? null,
    result: e.result,
    detail: e.detail === undefined ? null : JSON.stringify(e.detail).slice(0, 4000),
  });
}
