import type { ExpressionBuilder } from 'kysely';
import type { AuditFilter } from '@oa/shared/contract/audit-log';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema/database';
import { containsPattern } from '../../db/like';
import { countCapped } from '../../db/count-capped';

type Eb = ExpressionBuilder<Database, 'sys_audit'>;

/** The filter's conditions; an action matches itself and the actions under it ('user' → 'user.create' …). */
function where(eb: Eb, f: AuditFilter) {
  const c = [];
  if (f.from) c.push(eb('sys_audit.at', '>=', new Date(f.from).toISOString()));
  if (f.to) c.push(eb('sys_audit.at', '<', new Date(f.to).toISOString()));
  if (f.userCode) c.push(eb('sys_audit.user_code', '=', f.userCode));
  if (f.action)
    c.push(eb.or([eb('sys_audit.action', '=', f.action), eb('sys_audit.action', 'like', `${f.action.replace(/[\\%_]/g, '')}.%`)]));
  if (f.target) c.push(eb('sys_audit.target', 'like', containsPattern(f.target)));
  if (f.result) c.push(eb('sys_audit.result', '=', f.result));
  return eb.and(c);
}

const base = (db: Db, f: AuditFilter) => db.selectFrom('sys_audit').where((eb) => where(eb, f));

/** A page newest first, after a position of the chain (keyset on seq: uq_audit_seq, or the user/action indexes). */
export const auditPage = (db: Db, f: AuditFilter, limit: number, afterSeq: number | null, offset: number) =>
  base(db, f)
    .leftJoin('sys_user', 'sys_user.user_code', 'sys_audit.user_code')
    .select([
      'sys_audit.id',
      'sys_audit.seq',
      'sys_audit.at',
      'sys_audit.user_code',
      'sys_user.user_name',
      'sys_audit.ip',
      'sys_audit.action',
      'sys_audit.target',
      'sys_audit.result',
      'sys_audit.before_json',
      'sys_audit.after_json',
    ])
    .$if(afterSeq !== null, (q) => q.where('sys_audit.seq', '<', afterSeq!))
    .orderBy('sys_audit.seq', 'desc')
    .limit(limit)
    .offset(afterSeq === null ? offset : 0)
    .execute();

export const auditCount = (db: Db, f: AuditFilter) => countCapped(db, base(db, f));

export const auditRow = (db: Db, id: number) =>
  db
    .selectFrom('sys_audit')
    .leftJoin('sys_user', 'sys_user.user_code', 'sys_audit.user_code')
    .selectAll('sys_audit')
    .select('sys_user.user_name')
    .where('sys_audit.id', '=', id)
    .executeTakeFirst();
