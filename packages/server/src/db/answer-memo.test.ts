import { afterEach, describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { MEMO_LIMITS, memoAnswer, memoSize } from './answer-memo';
import type { Db } from './database';

/** A handle of its own per test (the memo is kept per handle); never queried. */
const handle = () => ({}) as Db;
const query = (sql: string, ...parameters: unknown[]) => ({ sql, parameters }) as unknown as CompiledQuery;
const limits = { ...MEMO_LIMITS };
afterEach(() => Object.assign(MEMO_LIMITS, limits));

describe('answers kept under change counters', () => {
  it('answers from memory while the counter is unchanged, and reads again after it moved', async () => {
    const db = handle();
    let reads = 0;
    const read = async () => [`row ${++reads}`];
    const q = query('select * from t where applicant = ?', 'staff');
    expect(await memoAnswer(db, 'records', [7], q, read)).toEqual(['row 1']);
    expect(await memoAnswer(db, 'records', [7], q, read)).toEqual(['row 1']);
    expect(await memoAnswer(db, 'records', [8], q, read)).toEqual(['row 2']);
    // a request that read the older value (it began before the write) reads for itself and keeps nothing
    expect(await memoAnswer(db, 'records', [7], q, read)).toEqual(['row 3']);
    expect(await memoAnswer(db, 'records', [8], q, read)).toEqual(['row 2']);
  });

  it('keys by the parameters too: one reader is never answered with another reader’s rows', async () => {
    const db = handle();
    const q = (user: string) => query('select * from t where applicant = ?', user);
    await memoAnswer(db, 'records', [1], q('staff'), async () => ['staff row']);
    expect(await memoAnswer(db, 'records', [1], q('leader'), async () => ['leader row'])).toEqual(['leader row']);
    expect(await memoAnswer(db, 'records', [1], q('staff'), async () => ['fresh'])).toEqual(['staff row']);
    expect(await memoAnswer(db, 'records', [1], q('staff'), async () => ['other'], 'viewer=leader')).toEqual(['other']);
  });

  it('hands the read the query it keys by (compiled once: the read runs it)', async () => {
    const db = handle();
    const q = query('select * from t where applicant = ?', 'staff');
    const ran: CompiledQuery[] = [];
    const read = async (c: CompiledQuery) => (ran.push(c), ['row']);
    await memoAnswer(db, 'records', [1], q, read);
    await memoAnswer(db, 'records', undefined, q, read);
    expect(ran).toEqual([q, q]);
    expect(ran[0]).toBe(q);
  });

  it('reads every time without a counter (a caller outside a request, or a database without the counter)', async () => {
    const db = handle();
    let reads = 0;
    const read = async () => ++reads;
    for (const v of [undefined, NaN]) {
      await memoAnswer(db, 'todo', [v], query('select 1'), read);
      await memoAnswer(db, 'todo', [v], query('select 1'), read);
    }
    await memoAnswer(db, 'todo', undefined, query('select 1'), read);
    expect(reads).toBe(5);
    expect(memoSize(db, 'todo').answers).toBe(0);
  });

  it('keeps at most MEMO_LIMITS answers and rows, dropping the oldest', async () => {
    const db = handle();
    Object.assign(MEMO_LIMITS, { answers: 10, rows: 25 });
    for (let i = 0; i < 50; i++) await memoAnswer(db, 'records', [1], query('select ?', i), async () => [i]);
    expect(memoSize(db, 'records')).toEqual({ answers: 10, rows: 10 });
    for (let i = 0; i < 20; i++) await memoAnswer(db, 'records', [1], query('select ?', i), async () => [i, i, i, i]);
    const kept = memoSize(db, 'records');
    expect(kept.rows).toBeLessThanOrEqual(25);
    expect(kept.answers).toBe(6);
    // the newest is kept, the oldest went
    let read = false;
    await memoAnswer(db, 'records', [1], query('select ?', 19), async () => ((read = true), []));
    expect(read).toBe(false);
    await memoAnswer(db, 'records', [1], query('select ?', 0), async () => ((read = true), []));
    expect(read).toBe(true);
    // an answer larger than the whole bound is answered and not kept
    await memoAnswer(db, 'records', [1], query('select big'), async () => Array.from({ length: 26 }, (_, i) => i));
    expect(memoSize(db, 'records').rows).toBeLessThanOrEqual(25);
  });
});
