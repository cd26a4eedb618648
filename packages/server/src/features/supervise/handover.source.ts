import type { AppContext } from '../../core/context';
import { registerHandoverSource } from '../../core/ports/handover-port';
import * as repo from './handover.repository';

/** Supervision's kind of the hand-over: open 督办 tasks the person is responsible for, supervises or has a part of. */
export function registerSuperviseHandover(ctx: AppContext): void {
  registerHandoverSource(ctx, {
    kind: 'supervise',
    async list(db, userCode, limit) {
      const rows = await repo.heldTasks(db, userCode, limit);
      return rows.map((r) => {
        const role = r.owner_user === userCode ? '责任人' : r.supervisor === userCode ? '督办人' : '分项责任人';
        return { id: r.id, title: r.title, detail: `${r.serial_no} · ${role} · 截止 ${r.due_date}` };
      });
    },
    move: (trx, m) => repo.moveHeld(trx, m.from, m.to, m.at),
  });
}
