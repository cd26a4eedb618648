import type { ModuleHooks } from '../../core/ports/module-hooks';
import { str } from '../hook-kit';

/** 用车申请: the motor pool assigns car and driver. */
export const carHooks: ModuleHooks = {
  async beforeSubmit() {
    return { plateNo: null, driver: null, driverPhone: null };
  },
  actions: {
    async dispatch(_trx, _record, payload) {
      return { plateNo: str(payload.plateNo).toUpperCase(), driver: payload.driver, driverPhone: payload.driverPhone };
    },
  },
};
