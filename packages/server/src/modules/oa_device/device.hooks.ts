import type { ModuleHooks } from '../../core/ports/module-hooks';

/** 设备采购: after approval the purchasing office records progress. */
export const deviceHooks: ModuleHooks = {
  async beforeSubmit() {
    return { purchaseState: null, purchaseNote: null };
  },
  async afterApprove() {
    return { purchaseState: '待采购' };
  },
  actions: {
    async purchase(_trx, _record, payload) {
      return { purchaseState: payload.purchaseState, purchaseNote: payload.purchaseNote ?? null };
    },
  },
};
