import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema/database';
import { nowIso } from '../lib/time';
import { appendAuditRow } from './audit/chain.repository';
import { fitJson } from './audit/fit-json';
import { maskSensitive } from './audit/mask';

export { maskSensitive } from './audit/mask';

/** A transaction of the application database: the only handle `writeAudit` accepts. */
export type Trx = Transaction<Database>;

export interface AuditEntry {
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

/** Budgets of the JSON columns: a longer value keeps its fields, the longest replaced by their length and digest. */
const DETAIL_MAX = 4000;
const CHANGE_MAX = 64_000;

const json = (v: unknown, max: number) => (v === undefined ? null : fitJson(maskSensitive(v), max));

/** Appends the row as the next link of the SM3 chain (core/audit/chain.repository.ts), masked by one key list. */
async function append(db: Db, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  await appendAuditRow(db, {
    at: nowIso(),
    user_code: e.userCode ?? req?.auth?.user.userCode ?? null,
    ip: e.ip ?? req?.ip ?? null,
    action: e.action,
    target: e.target ?? null,
    result: e.result,
    detail: json(e.detail, DETAIL_MAX),
    before_json: json(e.before, CHANGE_MAX),
    after_json: json(e.after, CHANGE_MAX),
  });
}

/**
 * Audits a change: the row is written with the change's own transaction, so it commits or rolls back with it
 * (the type refuses a plain database handle). Append-only: the database refuses UPDATE, and DELETE of any row
 * retention has not archived (migrations 008, 117).
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
 * A caller's audit of a change, handed to the service that runs the change: the service calls it last in the change's
 * transaction with what the change returns (routes build it with `writeAudit(trx, req, …)`; services never see a request).
 */
export type AuditLast<T = void> = (trx: Trx, out: T) => Promise<void>;

/**
 * Runs `fn` in one transaction of `db` (a change and its `writeAudit`); given a transaction already, runs `fn` in it,
 * so a service that opens its own transaction joins its caller's.
 */
export const inChange = <T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn);
