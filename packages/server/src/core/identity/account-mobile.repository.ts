import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema/database';
import type { MobileLookup, MobileLookups } from './account-mobile';

/** `sys_user` rows holding a mobile, in either form (core/identity/account-mobile.ts): the number or its keyed hash. */
export const mobileIs = (eb: ExpressionBuilder<Database, 'sys_user'>, m: MobileLookup) =>
  eb.or([eb('sys_user.mobile', '=', m.mobile), eb('sys_user.mobile_hash', 'in', m.hashes)]);

/** `sys_user` rows holding any of the mobiles (`mobileLookups`). */
export const mobileIn = (eb: ExpressionBuilder<Database, 'sys_user'>, m: MobileLookups) =>
  eb.or([eb('sys_user.mobile', 'in', m.mobiles), eb('sys_user.mobile_hash', 'in', [...m.hashes.keys()])]);

/** The number a matched row holds (`mobileIn`): the plain one, or the one its hash stands for. */
export const matchedMobile = (row: { mobile: string | null; mobile_hash: string | null }, hashes: Map<string, string>): string | null =>
  row.mobile ?? (row.mobile_hash ? (hashes.get(row.mobile_hash) ?? null) : null);
