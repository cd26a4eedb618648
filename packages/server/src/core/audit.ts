import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema/database';
import { nowIso } from '../lib/time';
import { insertAudit } from './system.repository';

/** A transaction of the application database: the only handle `writeAudit` accepts. */
export type Trx = Transaction<Database>;

export interface AuditEntry {
  action: string;
  target?: string | null;
  result: 'ok' | 'fail' | 'denied';
  detail?: unknown;
  /** the values before and after a change (pass them through `maskSensitive` when they may hold sensitive fields) */
  before?: unknown;
  after?: unknown;
  userCode?: string | null;
  /** the client's address when the caller has no request at hand (a service given it by its route) */
  ip?: string | null;
}

/** Keys whose values never reach the audit in clear (compared lower-case, without `_`/`-`). */
const SENSITIVE_KEYS = [
  'password',
  'passwordhash',
  'pwd',
  'secret',
  'clientsecret',
  'token',
  'totpsecret',
  'recoverycodes',
  'bindpassword',
  'idnumber',
  'idcard',
  'bankcard',
  'bankcardno',
  'mobile',
  'phone',
  'amount',
  'salary',
] as const;
const MASK = '***';

const isSensitiveKey = (k: string) => {
  const n = k.toLowerCase().replace(/[_-]/g, '');
  return SENSITIVE_KEYS.some((s) => n === s || n.endsWith(s));
};

/** A copy of `v` with every sensitive key's value replaced by `***` (nested objects and arrays included). */
export function maskSensitive<T>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => maskSensitive(x)) as T;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      out[k] = isSensitiveKey(k) && x !== null && x !== undefined && x !== '' ? MASK : maskSensitive(x);
    }
    return out as T;
  }
  return v;
}

function detailOf(e: AuditEntry): string | null {
  const hasDiff = e.before !== undefined || e.after !== undefined;
  if (!hasDiff) return e.detail === undefined ? null : JSON.stringify(e.detail).slice(0, 4000);
  const base =
    e.detail && typeof e.detail === 'object' && !Array.isArray(e.detail) ? e.detail : e.detail === undefined ? {} : { detail: e.detail };
  return JSON.stringify({ ...base, before: maskSensitive(e.before), after: maskSensitive(e.after) }).slice(0, 4000);
}

async function append(db: Db, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  await insertAudit(db, {
    at: nowIso(),
    user_code: e.userCode ?? req?.auth?.user.userCode ?? null,
    ip: e.ip ?? req?.ip ?? null,
    action: e.action,
    target: e.target ?? null,
    result: e.result,
    detail: detailOf(e),
  });
}

/**
 * Audits a change: the row is written with the change's own transaction, so it commits or rolls back with it
 * (the type refuses a plain database handle). Append-only: the database refuses UPDATE and DELETE on sys_audit
 * (triggers of migration 008).
 */
export async function writeAudit(trx: Trx, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  await append(trx, req, e);
}

/**
 * Audits an event that changes nothing (a sign-in attempt, a refused request, a download, an export, a view,
 * a verification): written on its own. A change is audited with `writeAudit` in its transaction instead.
 */
export async function auditEvent(db: Db, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  await append(db, req, e);
}

/**
 * Runs `fn` in one transaction of `db` (a change and its `writeAudit`); given a transaction already, runs `fn` in it,
 * so a service that opens its own transaction joins its caller's.
 */
export const inChange = <T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn);

/**
 * @deprecated A change audited after its transaction committed (a change can land without its row). Only the call
 * sites listed in core/audit-placement.test.ts may still use it; each is to move to `writeAudit` in its transaction.
 */
export async function auditAfterCommit(db: Db, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  await append(db, req, e);
}
