import { chinaYear } from '@oa/shared/format/china-time';
import { formatSerial } from '@oa/shared/modules/define-module';
import { registerByCode } from '@oa/shared/modules/registers';
import { inChange } from '../../core/audit';
import type { AppContext } from '../../core/context';
import type { RegisterStore } from '../../core/ports/register-port';
import { nowIso } from '../../lib/time';
import { parseData } from './records.access';
import { deptNames } from './records.repository';
import { registerAccess } from './register.access';
import { activeUsers, insertRows, reserveSerials, rowsOf } from './register.repository';
import { newRow } from './register.service';

const registerOf = (code: string) => {
  const m = registerByCode(code);
  if (!m) throw new Error(`registers: ${code} is not a register`);
  return m;
};

/** The registers of the module engine for module homes (core/ports/register-port.ts), installed as ctx.registers. */
export function registerStore(ctx: AppContext): RegisterStore {
  return {
    async rows(db, module, filter) {
      return (await rowsOf(db, ctx.fieldKeys, module, filter)).map((r) => ({ id: r.id, applicant: r.applicant, data: parseData(r) }));
    },
    async mayManage(module, actor) {
      return (await registerAccess(registerOf(module), actor)).caps.manage;
    },
    async addRows(db, module, actor, datas, action) {
      if (datas.length === 0) return;
      const m = registerOf(module);
      const at = nowIso();
      const year = chinaYear();
      await inChange(db, async (trx) => {
        const first = await reserveSerials(trx, m.code, year, datas.length);
        const rows = datas.map((d, i) => newRow(m, actor, { ...d }, formatSerial(m.serial.pattern, m.serial.prefix, year, first + i), at));
        await insertRows(trx, ctx.fieldKeys, rows, action, actor);
      });
    },
    activeUsers,
    deptNames,
  };
}
