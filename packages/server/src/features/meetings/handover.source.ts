import type { AppContext } from '../../core/context';
import { registerHandoverSource } from '../../core/ports/handover-port';
import { chinaDateTime } from '@oa/shared/format/china-time';
import * as repo from './handover.repository';

/** Meetings' kind of the hand-over: meetings to come that the person organises. */
export function registerMeetingsHandover(ctx: AppContext): void {
  registerHandoverSource(ctx, {
    kind: 'meeting',
    async list(db, userCode, limit) {
      const rows = await repo.organisedBy(db, userCode, new Date().toISOString(), limit);
      return rows.map((r) => ({
        id: String(r.id),
        title: r.title,
        detail: `${chinaDateTime(r.start_at)} · ${r.status === 'pending' ? '待审批' : '已批准'}`,
      }));
    },
    move: (trx, m) => repo.moveOrganizer(trx, m.from, m.to, m.at),
  });
}
