import type { ModuleHooks } from './hook-types';
import { str } from './approval-hook-kit';
import { bizError } from '../../../lib/errors';

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

/** 证照使用: an original lent out is returned. */
export const certificateHooks: ModuleHooks = {
  async beforeSubmit() {
    return { returnDate: null };
  },
  actions: {
    async return(_trx, record, payload) {
      if (record.data.useType !== '原件外借') throw bizError('只有原件外借需要登记归还');
      const range = record.data.useRange as [string, string] | null;
      if (range && str(payload.returnDate) < range[0]) throw bizError('实际归还日期不能早于借出日期');
      return { returnDate: payload.returnDate };
    },
  },
};
