import { randomBytes } from 'node:crypto';
import { DEFAULT_DYNAMICS_TYPES } from '@oa/shared/modules/hr-board.module';
import type { Db } from '../database';

/** Register rows a fresh install starts with (issue 6): the personnel-dynamics types. */
export async function seedRegisterRows(trx: Db, at: string): Promise<void> {
  const year = Number(at.slice(0, 4));
  const rows = DEFAULT_DYNAMICS_TYPES.map((typeName, i) => ({
    id: `R${Date.now().toString(36)}${randomBytes(6).toString('hex')}`,
    module: 'hr_dynamics_type',
    variant: null,
    serial_no: `LX${year}${String(i + 1).padStart(4, '0')}`,
    title: typeName,
    status: 'approved',
    applicant: 'admin',
    applicant_name: '系统管理员',
    dept: null,
    dept_name: null,
    amount: null,
    data: JSON.stringify({ typeName, sortNo: (i + 1) * 10, enabled: '启用', description: null }),
    instance_id: null,
    created_at: at,
    updated_at: at,
    submitted_at: at,
    finished_at: at,
  }));
  await trx.insertInto('business_record').values(rows).execute();
  await trx.insertInto('business_serial').values({ module: 'hr_dynamics_type', year, last_seq: rows.length }).execute();
}
