import type { AnyModule } from './define-module';
import { btripModule } from './btrip.module';
import { lendModule } from './lend.module';
import { stampModule } from './stamp.module';
import { abroadModule } from './abroad.module';
import { borrowModule } from './borrow.module';
import { briefingModule } from './briefing.module';
import { carModule } from './car.module';
import { certificateModule } from './certificate.module';
import { circulationModule } from './circulation.module';
import { conferenceModule } from './conference.module';
import { contractModule } from './contract.module';
import { deviceModule } from './device.module';
import { emailModule } from './email.module';
import { employmentModule } from './employment.module';
import { eventModule } from './event.module';
import { inviteModule } from './invite.module';
import { leaveModule } from './leave.module';
import { legalModule } from './legal.module';
import { passportModule } from './passport.module';
import { paymentModule } from './payment.module';
import { rewardModule } from './reward.module';
import { signModule } from './sign.module';
import { suppliesModule } from './supplies.module';
import { visitModule } from './visit.module';
import { REGISTERS } from './registers';
import { meetingModule } from './meeting.module';
import { subjectContractModule, subjectModule } from './subject.module';
import { informationModule } from './information.module';
import { DOCUMENT_MODULES } from './documents.module';

/** Every declared business module. Append new declarations here. */
export const MODULES: readonly AnyModule[] = [
  stampModule,
  lendModule,
  btripModule,
  // approval modules of issue 6
  signModule,
  briefingModule,
  circulationModule,
  rewardModule,
  deviceModule,
  contractModule,
  eventModule,
  legalModule,
  employmentModule,
  certificateModule,
  leaveModule,
  paymentModule,
  borrowModule,
  abroadModule,
  passportModule,
  inviteModule,
  visitModule,
  conferenceModule,
  carModule,
  emailModule,
  suppliesModule,
  // registers of issue 6 (registers.ts)
  ...REGISTERS,
  // areas with their own entities (engine 'area'): meetings, research subjects, news
  meetingModule,
  subjectModule,
  subjectContractModule,
  informationModule,

  // official documents of issue 19 (engine 'area': features/documents)
  ...DOCUMENT_MODULES,
];

/** The modules the module engine stores and serves (generic pages and record routes); areas serve their own. */
export const ENGINE_MODULES: readonly AnyModule[] = MODULES.filter((m) => m.engine !== 'area');

const byCode = new Map(MODULES.map((m) => [m.code, m]));

export function moduleByCode(code: string): AnyModule | undefined {
  return byCode.get(code);
}

export type ModulePage = 'list' | 'edit' | 'preview' | 'manage';

/** The module and page a route belongs to (case-insensitive), with the variant of a variant route. */
export function moduleByRoute(path: string): { module: AnyModule; page: ModulePage; variant: string | null } | undefined {
  const p = path.toLowerCase();
  for (const m of ENGINE_MODULES) {
    for (const [page, route] of Object.entries(m.routes) as Array<[ModulePage, string | undefined]>) {
      if (route && route.toLowerCase() === p) return { module: m, page, variant: null };
    }
    for (const [variant, v] of Object.entries(m.variants ?? {})) {
      if (v.route.toLowerCase() === p) return { module: m, page: 'edit', variant };
    }
  }
  return undefined;
}

/** Every route of every engine module (the web registers its generic pages on them). */
export function moduleRoutes(): string[] {
  return ENGINE_MODULES.flatMap((m) => [
    ...Object.values(m.routes).filter((r): r is string => !!r),
    ...Object.values(m.variants ?? {}).map((v) => v.route),
  ]);
}

/**
 * Where a record opens: its module's preview route, or — for a module without one (single-route
 * modules such as /Leave) — its list route, which opens the record in a drawer. Null for an unknown module.
 */
export function recordRoute(moduleCode: string, recordId: string): string | null {
  const m = byCode.get(moduleCode);
  return m ? `${m.routes.preview ?? m.routes.list}?id=${encodeURIComponent(recordId)}` : null;
}
