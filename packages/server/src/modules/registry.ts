import type { FastifyInstance } from 'fastify';
import type { ModuleHooks, RegisterHooks } from '../core/ports/module-hooks';
import { borrowHooks } from './oa_borrow/borrow.hooks';
import { briefingRoutes } from './oa_briefing/briefing.routes';
import { carHooks } from './oa_car/car.hooks';
import { certificateHooks } from './oa_certificate/certificate.hooks';
import { deviceHooks } from './oa_device/device.hooks';
import { leaveHooks } from './oa_leave/leave.hooks';
import { leaveRoutes } from './oa_leave/leave.routes';
import { lendHooks } from './oa_lend/lend.hooks';
import { passportHooks } from './oa_passport/passport.hooks';
import { passportRoutes } from './oa_passport/passport.routes';
import { rewardHooks } from './oa_reward/reward.hooks';
import { rewardRoutes } from './oa_reward/reward.routes';
import { suppliesHooks } from './oa_supplies/supplies.hooks';
import { suppliesRoutes } from './oa_supplies/supplies.routes';
import { licenseHooks } from './biz_license/license.hooks';
import { suggestionHooks } from './biz_suggestion/suggestion.hooks';
import { bulletinHooks } from './hr_bulletin/bulletin.hooks';
import { attendanceRoutes } from './hr_attendance/attendance.routes';
import { feesRoutes } from './party_fee/fees.routes';

/**
 * The homes of the business modules: everything bespoke about a module (hooks, side tables, extra
 * routes) sits in `modules/<code>/`, beside its declaration in `@oa/shared/modules/<name>.module.ts`.
 * This is the one list of them. A module with no bespoke part has no folder and no line here.
 */

/** Approval modules: code → server hooks (run by the records engine inside its transactions). */
export const MODULE_HOOKS: Readonly<Record<string, ModuleHooks>> = {
  oa_lend: lendHooks,
  oa_reward: rewardHooks,
  oa_leave: leaveHooks,
  oa_borrow: borrowHooks,
  oa_passport: passportHooks,
  oa_supplies: suppliesHooks,
  oa_device: deviceHooks,
  oa_car: carHooks,
  oa_certificate: certificateHooks,
};

/** Registers: code → default values of system-set fields and module actions. */
export const REGISTER_HOOKS: Readonly<Record<string, RegisterHooks>> = {
  biz_license: licenseHooks,
  biz_suggestion: suggestionHooks,
  hr_bulletin: bulletinHooks,
};

/** Extra routes of module homes (side tables, balances, published views); registered in src/routes.ts. */
export const MODULE_ROUTES: ReadonlyArray<(app: FastifyInstance) => Promise<void>> = [
  rewardRoutes,
  suppliesRoutes,
  passportRoutes,
  leaveRoutes,
  briefingRoutes,
  feesRoutes,
  attendanceRoutes,
];
