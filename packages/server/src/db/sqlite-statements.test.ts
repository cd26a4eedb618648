import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachingDatabase } from './sqlite-statements';

describe('cached SQLite statements', () => {
  const open = (max?: number) => {
    const raw = new SQLite(':memory:');
    raw.exec('create table t (n integer)');
    raw.exec('insert into t values (1), (2), (3)');
    return cachingDatabase(raw, max);
  };

  it('prepares a SQL text once and answers the same statement again', () => {
    const db = open();
    const a = db.prepare('select n from t where n > ?');
    expect(db.prepare('select n from t where n > ?')).toBe(a);
    expect(a.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(db.cached()).toBe(1);
    db.close();
  });

  it('prepares afresh while the cached statement is still iterating', () => {
    const db = open();
    const a = db.prepare('select n from t');
    const it1 = a.iterate([]);
    it1.next();
    const b = db.prepare('select n from t');
    expect(b).not.toBe(a);
    expect(b.all([])).toHaveLength(3);
    it1.return?.();
    expect(db.prepare('select n from t')).toBe(a);
    db.close();
  });

  it('drops the least recently used statement beyond the limit', () => {
    const db = open(2);
    const one = db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one);
    db.prepare('select 3'); // evicts 'select 2', the least recently used
    expect(db.cached()).toBe(2);
    expect(db.prepare('select 1')).toBe(one);
    db.close();
  });
});
