import type { ModuleHooks } from './hook-types';
import { lendHooks } from './lend.hooks';
import { borrowHooks } from './borrow.hooks';
import { leaveHooks } from './leave.hooks';
import { carHooks, certificateHooks, deviceHooks } from './office-actions.hooks';
import { passportHooks } from './passport.hooks';
import { rewardHooks } from './reward.hooks';
import { suppliesHooks } from './supplies.hooks';

/** Module code → its server hooks. Append one line per module that needs hooks. */
export const MODULE_HOOKS: Readonly<Record<string, ModuleHooks>> = {
  oa_lend: lendHooks,
  // approval modules of issue 6
  oa_reward: rewardHooks,
  oa_leave: leaveHooks,
  oa_borrow: borrowHooks,
  oa_passport: passportHooks,
  oa_supplies: suppliesHooks,
  oa_device: deviceHooks,
  oa_car: carHooks,
  oa_certificate: certificateHooks,
};
