import type { Kysely } from 'kysely';
import { sensitiveKindOf, type SensitiveKind } from '@oa/shared/modules/field';
import { MODULES, moduleByCode } from '@oa/shared/modules/registry';
import { ENVELOPE_PREFIX, isSealed, openField, sealField, searchHash, searchHashes, type FieldKeyring } from '../lib/field-cipher';
import { nextTurn } from '../lib/next-turn';
import type { Db } from './database';
import type { ResealCount } from './sealed-columns';

/**
 * Sensitive form fields of the records engine at rest (issue 36). A field declared `sensitive` (or of kind 'idcard' /
 * 'bankcard', or masked as a bank card: `sensitiveKindOf`) is stored in `business_record.data` as an SM4 envelope
 * (lib/field-cipher.ts), and its keyed hash (HMAC-SM3, the index key) is kept in `business_record_hash` for the
 * unique checks and the exact-match filters. The repository seals on write and opens on read, so the engine above it
 * sees plain values; nothing else reads `data` for these fields (the search index leaves envelopes out).
 * The purpose binds a value to its kind: an ID number stays an ID number wherever it is copied, and the same number
 * hashes alike in every module (party fees find members by it).
 */

export const recordPurpose = (kind: SensitiveKind) => `business_record.${kind}`;

const fieldsCache = new Map<string, ReadonlyArray<readonly [string, SensitiveKind]>>();

/** The sealed fields of a module: [field name, kind]. */
export function sealedFieldsOf(module: string): ReadonlyArray<readonly [string, SensitiveKind]> {
  let out = fieldsCache.get(module);
  if (!out) {
    const m = moduleByCode(module);
    out = m ? Object.entries(m.fields).flatMap(([n, f]) => (sensitiveKindOf(f) ? [[n, sensitiveKindOf(f)!] as const] : [])) : [];
    fieldsCache.set(module, out);
  }
  return out;
}

/** The modules that have sealed fields. */
export const sealedModules = (): string[] => MODULES.filter((m) => sealedFieldsOf(m.code).length).map((m) => m.code);

export interface SealedData {
  /** the JSON to store, sensitive values as envelopes */
  data: string;
  /** the keyed hash of each sensitive value present, under the newest key (named, so a re-key finds the older ones) */
  hashes: Array<{ field: string; hash: string; keyId: string }>;
}

/** A record's form data (plain JSON) as it is stored: sensitive values sealed, with their keyed hashes. */
export function sealRecordData(keys: FieldKeyring, module: string, plainJson: string): SealedData {
  const fields = sealedFieldsOf(module);
  if (!fields.length) return { data: plainJson, hashes: [] };
  const d = JSON.parse(plainJson) as Record<string, unknown>;
  const hashes: SealedData['hashes'] = [];
  for (const [name, kind] of fields) {
    const v = d[name];
    if (typeof v !== 'string' || v === '') continue;
    // a value read back sealed (never opened) is kept as it is; its hash needs the plain value
    const plain = isSealed(v) ? openField(keys, recordPurpose(kind), v) : v;
    d[name] = isSealed(v) ? v : sealField(keys, recordPurpose(kind), v);
    hashes.push({ field: name, hash: searchHash(keys, recordPurpose(kind), plain), keyId: keys.current.id });
  }
  return { data: JSON.stringify(d), hashes };
}

/** Stored form data with its sensitive values opened (a wrong or missing key throws FieldCipherError). */
export function openRecordData(keys: FieldKeyring, module: string, stored: string): string {
  const fields = sealedFieldsOf(module);
  if (!fields.length || !stored.includes(ENVELOPE_PREFIX)) return stored;
  const d = JSON.parse(stored) as Record<string, unknown>;
  for (const [name, kind] of fields) {
    const v = d[name];
    if (isSealed(v as string)) d[name] = openField(keys, recordPurpose(kind), v as string);
  }
  return JSON.stringify(d);
}

/** Rows read from business_record with their sensitive values opened. */
export function openRecordRows<R extends { module: string; data: string }>(keys: FieldKeyring, rows: R[]): R[] {
  return rows.map((r) => (sealedFieldsOf(r.module).length ? { ...r, data: openRecordData(keys, r.module, r.data) } : r));
}

/** Replaces the keyed hashes of records (in the write's transaction). */
export async function writeRecordHashes(db: Db, rows: ReadonlyArray<{ id: string; module: string; hashes: SealedData['hashes'] }>) {
  const sealed = rows.filter((r) => sealedFieldsOf(r.module).length);
  if (!sealed.length) return;
  await db
    .deleteFrom('business_record_hash')
    .where(
      'record_id',
      'in',
      sealed.map((r) => r.id),
    )
    .execute();
  const values = sealed.flatMap((r) =>
    r.hashes.map((h) => ({ record_id: r.id, module: r.module, field: h.field, hash: h.hash, key_id: h.keyId })),
  );
  if (values.length) await db.insertInto('business_record_hash').values(values).execute();
}

/** The records of a module whose sealed field equals `value` (by keyed hash, under every configured key). */
export function recordIdsByValue(db: Db, keys: FieldKeyring, module: string, field: string, value: string) {
  const kind = sealedFieldsOf(module).find(([n]) => n === field)?.[1];
  if (!kind) throw new Error(`sealed-records: ${module}.${field} is not sealed`);
  return db
    .selectFrom('business_record_hash')
    .select('record_id')
    .where('module', '=', module)
    .where('field', '=', field)
    .where('hash', 'in', searchHashes(keys, recordPurpose(kind), value));
}

const BATCH = 500;

/**
 * Every record of a module with sealed fields, batch by batch: plaintext sealed (migration 115), with `rekey` a value
 * under an older key sealed again under the newest, and every keyed hash written again under the newest key.
 * Idempotent and resumable; a row the server changed meanwhile is left to it (compare-and-set on `data`).
 */
export async function resealRecords(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations call it
  keys: FieldKeyring,
  opts: { rekey: boolean },
): Promise<ResealCount[]> {
  const counts = new Map<string, ResealCount>();
  const count = (field: string) => {
    const k = `business_record.data.${field}`;
    if (!counts.has(k)) counts.set(k, { column: k, sealed: 0, rekeyed: 0, current: 0 });
    return counts.get(k)!;
  };
  const current = `${ENVELOPE_PREFIX}${keys.current.id}:`;
  for (const module of sealedModules()) {
    const fields = sealedFieldsOf(module);
    let after: string | null = null;
    for (;;) {
      let q = db.selectFrom('business_record').select(['id', 'data']).where('module', '=', module).orderBy('id').limit(BATCH);
      if (after !== null) q = q.where('id', '>', after);
      const rows = (await q.execute()) as Array<{ id: string; data: string }>;
      if (!rows.length) break;
      for (const row of rows) {
        const d = JSON.parse(row.data) as Record<string, unknown>;
        let changed = false;
        for (const [name, kind] of fields) {
          const v = d[name];
          if (typeof v !== 'string' || v === '') continue;
          const n = count(name);
          if (!isSealed(v)) {
            d[name] = sealField(keys, recordPurpose(kind), v);
            n.sealed++;
            changed = true;
          } else if (opts.rekey && !v.startsWith(current)) {
            d[name] = sealField(keys, recordPurpose(kind), openField(keys, recordPurpose(kind), v));
            n.rekeyed++;
            changed = true;
          } else n.current++;
        }
        const plain = openRecordData(keys, module, JSON.stringify(d));
        const { hashes } = sealRecordData(keys, module, plain);
        await db.transaction().execute(async (trx) => {
          if (changed) {
            const res = await trx
              .updateTable('business_record')
              .set({ data: JSON.stringify(d) })
              .where('id', '=', row.id)
              .where('data', '=', row.data)
              .executeTakeFirst();
            if (Number(res.numUpdatedRows) !== 1) return;
          }
          await writeRecordHashes(trx as Db, [{ id: row.id, module, hashes }]);
        });
      }
      after = rows[rows.length - 1].id;
      await nextTurn();
    }
  }
  return [...counts.values()];
}

/**
 * Sealed form fields: values not yet encrypted, values under a key other than the newest, and keyed hashes missing or
 * under an older key (the self-check and `data:rekey`'s final count).
 */
export async function sealedRecordState(
  db: Db,
  keys: FieldKeyring,
): Promise<{ column: string; plaintext: number; olderKey: number; hashOutdated: number }> {
  let plaintext = 0;
  let olderKey = 0;
  let hashOutdated = 0;
  const current = `${ENVELOPE_PREFIX}${keys.current.id}:`;
  for (const module of sealedModules()) {
    const fields = sealedFieldsOf(module);
    let after: string | null = null;
    for (;;) {
      let q = db.selectFrom('business_record').select(['id', 'data']).where('module', '=', module).orderBy('id').limit(BATCH);
      if (after !== null) q = q.where('id', '>', after);
      const rows = await q.execute();
      if (!rows.length) break;
      const hashed = await db
        .selectFrom('business_record_hash')
        .select(['record_id', 'field', 'key_id'])
        .where(
          'record_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      const have = new Set(hashed.filter((h) => h.key_id === keys.current.id).map((h) => `${h.record_id}\u0000${h.field}`));
      for (const r of rows) {
        const d = JSON.parse(r.data) as Record<string, unknown>;
        for (const [name] of fields) {
          const v = d[name];
          if (typeof v !== 'string' || v === '') continue;
          if (!isSealed(v)) plaintext++;
          else if (!v.startsWith(current)) olderKey++;
          if (!have.has(`${r.id}\u0000${name}`)) hashOutdated++;
        }
      }
      after = rows[rows.length - 1].id;
    }
  }
  return { column: 'business_record.data（登记表单的身份证号、银行卡号）', plaintext, olderKey, hashOutdated };
}
