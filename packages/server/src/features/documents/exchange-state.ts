import type { ReceiptRow } from '@oa/shared/contract/exchange';

/** Where a unit's copy stands: overdue while unsigned past its due time (none: never overdue). */
export function exchangeState(
  r: { due_at: string | null; read_at: string | null; signed_at: string | null },
  now: string,
): { state: ReceiptRow['state']; overdue: boolean } {
  const state = r.signed_at ? 'signed' : r.read_at ? 'read' : 'sent';
  return { state, overdue: !r.signed_at && !!r.due_at && Date.parse(r.due_at) < Date.parse(now) };
}
