import type { PageModule } from '../../lib/page-module';
import { REGISTERS } from '@oa/shared/modules/registers';

/**
 * The pages of every register route (issue 6), for app/route-registry.ts after the generic module
 * pages: the generic register list (bespoke pages are registered after it in the registry).
 */
const generic = () => import('./register-page');

export const REGISTER_PAGE_ROUTES: Record<string, () => PageModule> = Object.fromEntries(REGISTERS.map((r) => [r.routes.list, generic]));
