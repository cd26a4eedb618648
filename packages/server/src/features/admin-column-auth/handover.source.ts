import type { AppContext } from '../../core/context';
import { registerHandoverSource } from '../../core/ports/handover-port';
import * as repo from './handover.repository';

/** Column grants' kind of the hand-over: the news columns the person may publish in. */
export function registerColumnGrantHandover(ctx: AppContext): void {
  registerHandoverSource(ctx, {
    kind: 'columnGrant',
    async list(db, userCode, limit) {
      const rows = await repo.grantsOf(db, userCode, limit);
      return rows.map((r) => ({ id: r.column_code, title: r.column_name, detail: `授权于 ${r.granted_at.slice(0, 10)}` }));
    },
    move: (trx, m) => repo.moveGrants(trx, m.from, m.to, m.at),
  });
}
