import { ROLE } from '@oa/shared/constants';
import { isMaskedBankCard, maskBankCard } from '@oa/shared/format/bank-card';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { AppContext } from '../../core/context';
import { auditEvent } from '../../core/audit';
import type { Actor } from './records.access';

/**
 * Bank-card numbers (fields of kind 'bankcard' or marked mask: 'bankcard') leave the server masked
 * ('6222 **** **** 1234') for everyone but the bank-card viewer role 014 and administrators; the full
 * number never reaches anyone else. Whoever sees full numbers is audited.
 */
function bankCardFields(m: AnyModule): string[] {
  return Object.entries(m.fields)
    .filter(([, f]) => f.kind === 'bankcard' || f.mask === 'bankcard')
    .map(([name]) => name);
}

const seesBankCards = (actor: Pick<Actor, 'isAdmin' | 'roleCodes'>): boolean =>
  actor.isAdmin || actor.roleCodes.includes(ROLE.BANK_CARD_VIEWER);

/** The item with its bank-card numbers masked unless the actor may see them. */
export function maskItem<T extends { data: Record<string, unknown> }>(m: AnyModule, actor: Actor, item: T): T {
  const fields = bankCardFields(m);
  if (!fields.length || seesBankCards(actor)) return item;
  const data = { ...item.data };
  for (const f of fields) if (typeof data[f] === 'string') data[f] = maskBankCard(data[f] as string);
  return { ...item, data };
}

/**
 * A form sent back with a masked number unchanged keeps the stored number (a person who may not see it
 * edits the rest of the record); any other masked value stays as sent and fails the card-number check.
 */
export function keepMaskedBankCards(
  m: AnyModule,
  incoming: Record<string, unknown>,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const fields = bankCardFields(m).filter((f) => isMaskedBankCard(incoming[f]));
  if (!fields.length) return incoming;
  const out = { ...incoming };
  for (const f of fields) if (typeof stored[f] === 'string' && maskBankCard(stored[f] as string) === incoming[f]) out[f] = stored[f];
  return out;
}

/** Audits that the actor was shown full bank-card numbers of these records (role 014 / administrators). */
export async function auditFullBankCards(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  items: ReadonlyArray<{ id: string; data: Record<string, unknown> }>,
  how: 'view' | 'list' | 'export',
): Promise<void> {
  const fields = bankCardFields(m);
  if (!fields.length || !seesBankCards(actor)) return;
  const shown = items.filter((i) => fields.some((f) => typeof i.data[f] === 'string' && i.data[f] !== ''));
  if (!shown.length) return;
  await auditEvent(ctx.db, null, {
    userCode: actor.userCode,
    action: 'bankcard.view',
    target: `${m.code}:${shown.length === 1 ? shown[0].id : `${shown.length}条`}`,
    result: 'ok',
    detail: { module: m.code, how, records: shown.slice(0, 100).map((i) => i.id), count: shown.length },
  });
}

/** Rows (data as stored JSON) with bank-card numbers masked unless the actor may see them — for exports. */
function maskRows<R extends { id: string; data: string }>(m: AnyModule, actor: Actor, rows: R[]): R[] {
  if (!bankCardFields(m).length || seesBankCards(actor)) return rows;
  return rows.map((r) => {
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(r.data) as Record<string, unknown>;
    } catch {
      return r;
    }
    return { ...r, data: JSON.stringify(maskItem(m, actor, { data }).data) };
  });
}

/** The rows of an export, masked for the actor; full numbers exported are audited. */
export async function exportRows<R extends { id: string; data: string }>(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  rows: R[],
): Promise<R[]> {
  if (seesBankCards(actor)) {
    const items = rows.map((r) => {
      try {
        return { id: r.id, data: JSON.parse(r.data) as Record<string, unknown> };
      } catch {
        return { id: r.id, data: {} };
      }
    });
    await auditFullBankCards(ctx, m, actor, items, 'export');
  }
  return maskRows(m, actor, rows);
}
