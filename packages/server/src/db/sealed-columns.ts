import { sql, type Kysely } from 'kysely';
import { nextTurn } from '../lib/next-turn';
import { ENVELOPE_PREFIX, isSealed, openField, sealField, searchHash, type FieldKeyring } from '../lib/field-cipher';
import { ACCOUNT_MOBILE_PURPOSE, plainApplicantMobiles } from './applicant-mobiles';
import { resealRecords, sealedRecordState } from './sealed-records';

/** The columns that hold sensitive values encrypted (GB/T 39786-2021); every one is read and written sealed. */
export interface SealedTable {
  table: string;
  /** the primary key, walked in order */
  key: string;
  columns: readonly string[];
  /** one purpose for every column of the table, when a sealed value moves between them; else `<table>.<column>` */
  purpose?: string;
  /** sealed column → the column holding its keyed hash (`searchHash` under the envelope's key), made again with it */
  hashes?: Readonly<Record<string, string>>;
}

/** The purpose of the authenticator secrets (core/identity/secret-box.ts), pending or confirmed. */
export const TWO_FACTOR_SECRET_PURPOSE = 'sys_two_factor.secret';

export const SEALED_COLUMNS: readonly SealedTable[] = [
  // the slip's bank card, the mobile the sheet gave for an unmatched row, and the amounts (JSON of name/value)
  { table: 'oa_salary_slip', key: 'id', columns: ['bank_card', 'src_mobile', 'items'] },
  // the authenticator secrets of two factors (core/identity/secret-box.ts): never stored in plain text
  { table: 'sys_two_factor', key: 'user_code', columns: ['secret_sealed', 'pending_sealed'], purpose: TWO_FACTOR_SECRET_PURPOSE },
  // the contact phone of an outside applicant's unit (the applicant's mobile when registering; migration 115)
  { table: 'subject_org', key: 'user_code', columns: ['phone'] },
  // an outside applicant's account mobile (sys_user.mobile stays null for them; migration 118), and its keyed hash
  {
    table: 'sys_user',
    key: 'user_code',
    columns: ['mobile_sealed'],
    purpose: ACCOUNT_MOBILE_PURPOSE,
    hashes: { mobile_sealed: 'mobile_hash' },
  },
];

/** The purpose of subject_org.phone (features/subjects: sealed on save, opened on read). */
export const SUBJECT_ORG_PHONE_PURPOSE = 'subject_org.phone';

/**
 * Sensitive values still stored in plain text (not yet in SEALED_COLUMNS): the self-check shows them as not covered,
 * and its state stays 部分达标 while this list is not empty. Remove an entry when its columns join SEALED_COLUMNS.
 */
export const UNSEALED_SENSITIVE: readonly string[] = [];

const BATCH = 500;

export interface ResealCount {
  column: string;
  /** plaintext found and encrypted */
  sealed: number;
  /** ciphertext under an older key, encrypted again under the newest */
  rekeyed: number;
  /** already under the newest key */
  current: number;
}

/**
 * Walks every sealed column in key order, batch by batch: plaintext is encrypted, and with `rekey` a value under an
 * older key is encrypted again under the newest. Idempotent and resumable (what is done is skipped on a rerun).
 * `tables`: a migration passes the columns as they were at its version. A full run (no `tables`) also walks the
 * sealed form fields of the records engine and makes their keyed hashes again under the newest key (sealed-records.ts).
 */
export async function resealColumns(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- the tables are named by the list, and migrations call it
  keys: FieldKeyring,
  opts: { rekey: boolean; tables?: readonly SealedTable[] },
): Promise<ResealCount[]> {
  const out: ResealCount[] = [];
  for (const t of opts.tables ?? SEALED_COLUMNS) {
    const counts = new Map(t.columns.map((c) => [c, { column: `${t.table}.${c}`, sealed: 0, rekeyed: 0, current: 0 }]));
    let after: string | null = null;
    for (;;) {
      let q = db
        .selectFrom(t.table)
        .select([t.key, ...t.columns])
        .orderBy(t.key)
        .limit(BATCH);
      if (after !== null) q = q.where(t.key, '>', after);
      const rows = (await q.execute()) as Array<Record<string, string | null>>;
      if (!rows.length) break;
      for (const row of rows) {
        const set: Record<string, string> = {};
        const changed: string[] = [];
        for (const c of t.columns) {
          const v = row[c];
          if (v === null || v === undefined) continue;
          const purpose = t.purpose ?? `${t.table}.${c}`;
          const n = counts.get(c)!;
          let plain: string;
          if (!isSealed(v)) {
            plain = v;
            n.sealed++;
          } else if (opts.rekey && !v.startsWith(`${ENVELOPE_PREFIX}${keys.current.id}:`)) {
            plain = openField(keys, purpose, v);
            n.rekeyed++;
          } else {
            n.current++;
            continue;
          }
          set[c] = sealField(keys, purpose, plain);
          changed.push(c);
          // the keyed hash follows the envelope's key (a lookup asks every key's hash)
          const h = t.hashes?.[c];
          if (h) set[h] = searchHash(keys, purpose, plain);
        }
        if (!changed.length) continue;
        // compare-and-set: a value the server changed meanwhile is left to it (it writes under the newest key)
        let u = db.updateTable(t.table).set(set).where(t.key, '=', row[t.key]);
        for (const c of changed) u = u.where(c, '=', row[c]);
        await u.execute();
      }
      after = rows[rows.length - 1][t.key];
      await nextTurn();
    }
    out.push(...counts.values());
  }
  if (!opts.tables) out.push(...(await resealRecords(db, keys, { rekey: opts.rekey })));
  return out;
}

/** Per sealed column: values not yet encrypted, and values under a key other than the newest. */
export async function sealedColumnState(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- the tables are named by the list
  keys: FieldKeyring,
): Promise<Array<{ column: string; plaintext: number; olderKey: number; hashOutdated?: number }>> {
  const out: Array<{ column: string; plaintext: number; olderKey: number; hashOutdated?: number }> = [];
  for (const t of SEALED_COLUMNS)
    for (const c of t.columns) {
      const r = (await db
        .selectFrom(t.table)
        .select([
          sql<number>`count(case when ${sql.ref(c)} not like ${`${ENVELOPE_PREFIX}%`} then 1 end)`.as('plain'),
          sql<number>`count(case when ${sql.ref(c)} not like ${`${ENVELOPE_PREFIX}${keys.current.id}:%`} then 1 end)`.as('other'),
        ])
        .executeTakeFirstOrThrow()) as { plain: number | string; other: number | string };
      out.push({ column: `${t.table}.${c}`, plaintext: Number(r.plain), olderKey: Number(r.other) - Number(r.plain) });
    }
  // an outside applicant's mobile left in the plain column (counted as plaintext: migration 118 moves it)
  out.push({ column: 'sys_user.mobile（外部申报人）', plaintext: await plainApplicantMobiles(db), olderKey: 0 });
  out.push(await sealedRecordState(db, keys));
  return out;
}
