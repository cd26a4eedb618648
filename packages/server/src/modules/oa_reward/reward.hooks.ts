import { enabledRate } from './reward.repository';
import type { ModuleHooks } from '../../core/ports/module-hooks';
import { cents, fieldError, num, str } from '../hook-kit';

/** 劳务费: the rate comes from the rate table (/reward/setting); amount = rate × units, computed here. */
export const rewardHooks: ModuleHooks = {
  async beforeSubmit(trx, record) {
    const kind = str(record.data.serviceKind);
    const title = str(record.data.payeeTitle);
    const rate = await enabledRate(trx, kind, title);
    if (!rate) throw fieldError('serviceKind', `尚未设置「${kind}·${title}」的劳务费标准，请联系财务部`);
    const units = num(record.data.units);
    if (rate.max_units !== null && units > Number(rate.max_units)) {
      throw fieldError('units', `「${kind}·${title}」单次最多${rate.max_units}${rate.unit}`);
    }
    const r = Number(rate.rate);
    return { unit: rate.unit, rate: r, amount: cents(r * units) };
  },
};
