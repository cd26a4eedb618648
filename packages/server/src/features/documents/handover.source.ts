import type { AppContext } from '../../core/context';
import { registerHandoverSource } from '../../core/ports/handover-port';
import { DOC_STATUS_LABELS, type DocStatus } from '@oa/shared/contract/documents';
import { indexDocument } from './documents.search';
import * as repo from './handover.repository';

const handlersOf = (data: string): string[] => {
  const h = (JSON.parse(data) as { handlers?: unknown }).handlers;
  return Array.isArray(h) ? h.filter((x): x is string => typeof x === 'string') : [];
};

/** Documents' kind of the hand-over: registrar/drafter of documents in hand and 承办人 of running ones. */
export function registerDocumentsHandover(ctx: AppContext): void {
  registerHandoverSource(ctx, {
    kind: 'documentRole',
    async list(db, userCode, limit) {
      const reg = await repo.registeredBy(db, userCode, limit);
      const handling = (await repo.runningNaming(db, userCode)).filter((d) => handlersOf(d.data).includes(userCode));
      return [
        ...reg.map((d) => ({
          id: d.id,
          title: d.title,
          detail: `${d.serial_no} · 登记/拟稿人 · ${DOC_STATUS_LABELS[d.status as DocStatus]}`,
        })),
        ...handling.map((d) => ({ id: `${d.id}:handler`, title: d.title, detail: `${d.serial_no} · 承办人` })),
      ].slice(0, limit);
    },
    async move(trx, m) {
      const ids = new Set(await repo.moveRegistrar(trx, m.from, m.to, m.at));
      let n = ids.size;
      for (const d of await repo.runningNaming(trx, m.from)) {
        const data = JSON.parse(d.data) as Record<string, unknown>;
        const h = handlersOf(d.data);
        if (!h.includes(m.from)) continue;
        data.handlers = [...new Set(h.map((c) => (c === m.from ? m.to : c)))];
        if (await repo.setData(trx, d.id, JSON.stringify(data), d.data, m.at)) {
          n += 1;
          ids.add(d.id);
        }
      }
      for (const id of ids) await indexDocument(trx, id);
      return n;
    },
  });
}
