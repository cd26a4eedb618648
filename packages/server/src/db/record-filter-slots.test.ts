import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';
import { base } from '../../test/records/records-fixture';
import { filterSlots, syncFilterSlots, type FilterSlot } from './record-field-indexes';

const PG = (await testDialects()).includes('postgres');

/**
 * PostgreSQL's slot columns (issue 18, migration 089): the values of filterable form fields copied out of the JSON
 * by a row trigger, so that a filtered list's total is read from an index alone. Every slot must hold what the
 * expression it replaces gives, for rows written in any way, and follow a change of the declared slots.
 */
describe.skipIf(!PG)('slot columns of filterable fields on postgres', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const rows = [
      { module: 'oa_stamp', data: { sealType: '公章', copies: 2 } },
      { module: 'oa_stamp', data: { sealType: 7, copies: '3' } }, // types the form would refuse, written by a script
      { module: 'oa_stamp', data: { copies: 1 } }, // no value
      { module: 'oa_leave', data: { dateRange: ['2026-03-01', '2026-03-04'], leaveType: '事假' } },
      { module: 'oa_leave', data: { dateRange: ['2026-04-01'] } }, // a range with one end
      { module: 'oa_borrow', data: { amount: 1200.5 } },
      { module: 'oa_borrow', data: { amount: '1200.5' } },
    ];
    for (const [i, r] of rows.entries()) {
      await t.ctx.db
        .insertInto('business_record')
        .values({
          id: `slot-${i}`,
          module: r.module,
          serial_no: `SLOT-${i}`,
          title: `槽位${i}`,
          applicant: 'staff',
          applicant_name: '员工',
          dept: 'd1',
          status: 'running',
          data: JSON.stringify(r.data),
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        } as never)
        .execute();
    }
  });
  afterAll(async () => t?.close());

  /** Rows whose slot differs from the expression it stands for (text kinds: what `->>` gives). */
  const mismatches = async (slots: readonly FilterSlot[]) => {
    const out: string[] = [];
    for (const s of slots) {
      const col = sql.ref(`facet_${s.slot}`);
      const raw = s.part === null ? sql`(data::jsonb -> ${s.field}::text)` : sql`((data::jsonb -> ${s.field}::text) -> ${s.part}::int)`;
      const expected = s.isNumber ? raw : sql`to_jsonb(${raw} #>> '{}')`;
      const { rows } = await sql<{ serial_no: string }>`select serial_no from business_record
        where module = ${s.module} and ${col} is distinct from ${expected}`.execute(t.ctx.db);
      out.push(...rows.map((r) => `${s.module}.${s.field}${s.part ?? ''}@facet_${s.slot}: ${r.serial_no}`));
    }
    return out;
  };

  it('holds what the field expression gives, for inserts and for updates of the data', async () => {
    const count = await sql<{ n: string }>`select count(*) as n from business_record where facet_1 is not null`.execute(t.ctx.db);
    expect(Number(count.rows[0].n)).toBeGreaterThan(0);
    expect(await mismatches(filterSlots())).toEqual([]);
    // an update of the data moves the value; an update of the status alone leaves it
    await sql`update business_record set data = ${JSON.stringify({ sealType: '法人章' })} where serial_no = 'SLOT-0'`.execute(t.ctx.db);
    await sql`update business_record set status = 'approved' where serial_no = 'SLOT-0'`.execute(t.ctx.db);
    const [slot] = filterSlots().filter((s) => s.module === 'oa_stamp' && s.field === 'sealType');
    const { rows } = await sql<{ v: unknown }>`select ${sql.ref(`facet_${slot.slot}`)} as v from business_record
      where serial_no = 'SLOT-0'`.execute(t.ctx.db);
    expect(rows[0].v).toBe('法人章');
    expect(await mismatches(filterSlots())).toEqual([]);
  });

  it('is filled again when the declared slots change, once however many servers start together', async () => {
    const declared = filterSlots();
    const moved = declared.map((s) => (s.module === 'oa_stamp' && s.field === 'sealType' ? { ...s, slot: 6 } : s));
    await Promise.all([syncFilterSlots(t.ctx.db, moved), syncFilterSlots(t.ctx.db, moved)]);
    expect(await mismatches(moved)).toEqual([]);
    const stamp = declared.find((s) => s.module === 'oa_stamp' && s.field === 'sealType')!;
    const { rows } = await sql<{ n: string }>`select count(*) as n from business_record
      where module = 'oa_stamp' and ${sql.ref(`facet_${stamp.slot}`)} is not null`.execute(t.ctx.db);
    expect(Number(rows[0].n)).toBe(0); // the old slot is emptied
    await syncFilterSlots(t.ctx.db, declared);
    expect(await mismatches(declared)).toEqual([]);
  });

  it('filters a list by the slot: a value, a number range and a date range overlap', async () => {
    const admin = await t.login('admin');
    const total = async (module: string, filters: object) => {
      const res = await t.call('GET', `${base(module)}/list`, {
        token: admin,
        query: { view: 'manage', pageSize: '50', filters: JSON.stringify(filters) },
      });
      expect(res.body.code, res.body.message).toBe(0);
      return (res.body.data.list as Array<{ serialNo: string }>).map((r) => r.serialNo).filter((s) => s.startsWith('SLOT-'));
    };
    expect(await total('oa_stamp', { sealType: '法人章' })).toEqual(['SLOT-0']);
    // a number stored as text is not a number (as before: jsonb_typeof)
    expect(await total('oa_borrow', { amount: [1200, 1201] })).toEqual(['SLOT-5']);
    expect((await total('oa_leave', { dateRange: ['2026-03-03', '2026-03-10'] })).sort()).toEqual(['SLOT-3']);
  });
});
