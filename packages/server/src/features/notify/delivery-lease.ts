import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../core/context';
import { isoAfter } from '../../lib/time';
import { renewLease } from './lease.repository';

/**
 * A claim token: the worker's id and a fresh suffix, so that two claims of one delivery — even by one process — never
 * hold the same token (lease_owner, at most 40 characters).
 */
export const claimToken = (worker: string): string => `${worker.slice(0, 31)}.${randomBytes(4).toString('hex')}`;

/**
 * Runs a send while keeping its lease: renewed every third of the lease, so that a live worker never loses a slow
 * send to another one, and a worker that dies (kill -9) lets the delivery go after at most one lease
 * (OA_NOTIFY_LEASE_MS). A renewal that fails (the database unreachable) is only logged: the send goes on.
 */
export async function whileLeased<T>(ctx: AppContext, id: string, token: string, fn: () => Promise<T>): Promise<T> {
  const leaseMs = ctx.config.notify.leaseMs;
  const timer = setInterval(
    () => {
      renewLease(ctx.db, id, token, isoAfter(leaseMs)).catch(() => undefined);
    },
    Math.max(200, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}
