import { chinaDate } from '@oa/shared/format/china-time';
import { bizError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { stockedItems, takeStock } from './supplies.repository';
import type { ModuleHooks } from '../../core/ports/module-hooks';
import { fieldError, num, rows, str } from '../hook-kit';

/** 办公用品领用: lines must name stocked items; approval lowers the stock (refused when it ran short). */
export const suppliesHooks: ModuleHooks = {
  async beforeSubmit(trx, record) {
    const lines = rows(record.data.items);
    const items = await stockedItems(trx);
    const byName = new Map(items.map((i) => [i.name, i]));
    lines.forEach((l, i) => {
      const item = byName.get(str(l.name).trim());
      if (!item) throw fieldError(`items.${i}.name`, `库存中没有「${str(l.name)}」，请按库存物品名称填写`);
      if (num(l.quantity) > Number(item.stock))
        throw fieldError(`items.${i}.quantity`, `「${item.name}」库存不足，现有${item.stock}${item.unit}`);
    });
  },
  async afterApprove(trx, record) {
    const at = nowIso();
    for (const l of rows(record.data.items)) {
      const q = num(l.quantity);
      const res = await takeStock(trx, str(l.name).trim(), q, at);
      if (Number(res.numUpdatedRows) !== 1) throw bizError(`「${str(l.name)}」库存不足，不能通过此领用申请`);
    }
    return { issuedAt: chinaDate(at) };
  },
};
