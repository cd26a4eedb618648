import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { nowIso } from '../lib/time';
import { appendAuditRow } from './audit/chain.repository';
import { maskSensitive } from './audit/mask';

interface AuditEntry {
  action: string;
  target?: string | null;
  result: 'ok' | 'fail' | 'denied';
  detail?: unknown;
  /** the thing as it was before the change and as it is after (sensitive values are masked on write) */
  before?: unknown;
  after?: unknown;
  userCode?: string | null;
  /** the client's address when the caller has no request at hand (a service given it by its route) */
  ip?: string | null;
}

const json = (v: unknown, max: number) => (v === undefined ? null : JSON.stringify(maskSensitive(v)).slice(0, max));

/**
 * Appends one audit row (who, when, where, what, before and after, result) as the next link of the SM3 chain
 * (core/audit/chain.repository.ts). Pass the caller's transaction as `db` when the row belongs to a change (it then
 * commits or rolls back with it). Append-only: the database refuses UPDATE, and DELETE of any row retention has not
 * archived (migration 113).
 */
export async function writeAudit(db: Db, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  await appendAuditRow(db, {
    at: nowIso(),
    user_code: e.userCode ?? req?.auth?.user.userCode ?? null,
    ip: e.ip ?? req?.ip ?? null,
    action: e.action,
    target: e.target ?? null,
    result: e.result,
    detail: json(e.detail, 4000),
    before_json: json(e.before, 8000),
    after_json: json(e.after, 8000),
  });
}
