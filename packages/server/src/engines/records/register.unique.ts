import { recordPurpose, sealedFieldsOf } from '../../db/sealed-records';
import { searchHashes, type FieldKeyring } from '../../lib/field-cipher';

/**
 * Keys of a register's unique fields (one field or several together). A sealed field (ID or bank card number) takes
 * part by its keyed hash: stored rows give theirs (`fieldValues`), a new value gives one per configured data key, so a
 * duplicate is found even before `data:rekey` has moved every hash to the newest key.
 */

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** The key of a stored row's values (as `fieldValues` gives them); null when a field is empty. */
export const storedKeyOf = (values: ReadonlyArray<unknown>): string | null =>
  values.some(blank) ? null : JSON.stringify(values.map(String));

/** The keys the row's values may be stored under (the newest key's first); empty when a field is empty. */
export function uniqueKeysOf(keys: FieldKeyring, module: string, fields: readonly string[], data: Record<string, unknown>): string[] {
  if (fields.some((f) => blank(data[f]))) return [];
  const sealed = new Map(sealedFieldsOf(module));
  let combos: string[][] = [[]];
  for (const f of fields) {
    const kind = sealed.get(f);
    const forms = kind ? searchHashes(keys, recordPurpose(kind), String(data[f])) : [String(data[f])];
    combos = combos.flatMap((c) => forms.map((x) => [...c, x]));
  }
  return combos.map((c) => JSON.stringify(c));
}
