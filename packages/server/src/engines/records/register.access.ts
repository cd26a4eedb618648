import type { RecordStatus } from '@oa/shared/modules/define-module';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { registerOptionsOf } from '@oa/shared/modules/register-kit';
import type { RegisterCaps } from '@oa/shared/contract/registers';
import { notFound } from '../../lib/errors';
import type { Actor } from './records.access';
import { findRecord, type RecordRow } from './records.repository';
import type { Db } from '../../db/database';
import type { FieldKeyring } from '../../lib/field-cipher';

/**
 * Who may do what in a register (issue 6). `:read` opens the register, `:create` adds rows and edits
 * and deletes one's own, `:manage` edits, deletes and imports any row. Visibility (register options):
 * 'all' every reader sees every row (readers without `:manage` only those passing `readerFilter`);
 * 'self' one's own rows, managers all; 'owner' one's own rows only — administrators included.
 */

export interface RegisterAccess {
  caps: RegisterCaps;
  /** the rows the actor may see: null = all rows, else only rows created by this user */
  onlyOwner: string | null;
  /** field → allowed values for this actor (readers of a published-only register) */
  readerFilter: Record<string, string[]>;
}

export async function registerAccess(m: AnyModule, actor: Actor): Promise<RegisterAccess> {
  const o = registerOptionsOf(m);
  const create = actor.isAdmin || (await actor.can(m.permissions.create));
  const managerPerm = actor.isAdmin || (await actor.can(m.permissions.manage));
  // a private register has no managers: nobody edits another person's notes
  const manage = o.visibility !== 'owner' && managerPerm;
  const onlyOwner = o.visibility === 'owner' || (o.visibility === 'self' && !manage) ? actor.userCode : null;
  return {
    caps: { create: create || manage, manage, import: o.visibility === 'owner' ? create : manage },
    onlyOwner,
    readerFilter: manage ? {} : (o.readerFilter ?? {}),
  };
}

function passesReaderFilter(row: RecordRow, data: Record<string, unknown>, a: RegisterAccess): boolean {
  return Object.entries(a.readerFilter).every(([k, allowed]) => allowed.includes(String(data[k] ?? '')));
}

export function canSee(row: RecordRow, data: Record<string, unknown>, a: RegisterAccess, actor: Actor): boolean {
  if (a.onlyOwner && row.applicant !== a.onlyOwner) return false;
  return row.applicant === actor.userCode || passesReaderFilter(row, data, a);
}

export const canEditRow = (row: RecordRow, a: RegisterAccess, actor: Actor): boolean =>
  a.caps.manage || (a.caps.create && row.applicant === actor.userCode);

/** Module actions (server hooks) the actor may run on a row now. */
export function actionsOn(m: AnyModule, row: RecordRow, a: RegisterAccess, actor: Actor): string[] {
  const mine = row.applicant === actor.userCode;
  return Object.entries(m.actions ?? {})
    .filter(([, x]) => x.when.includes(row.status as RecordStatus))
    .filter(([, x]) => (x.who === 'applicant' ? mine : x.who === 'manager' ? a.caps.manage : mine || a.caps.manage))
    .map(([code]) => code);
}

/** The row, or 404 when it does not exist or the actor may not see it (no existence leak). */
export async function visibleRow(
  db: Db,
  keys: FieldKeyring,
  m: AnyModule,
  a: RegisterAccess,
  actor: Actor,
  id: string,
  parse: (r: RecordRow) => Record<string, unknown>,
): Promise<RecordRow> {
  const row = await findRecord(db, keys, m.code, id);
  if (!row || !canSee(row, parse(row), a, actor)) throw notFound('记录不存在或无权查看');
  return row;
}
