import type { FastifyInstance } from 'fastify';
import { authRoutes } from './features/auth/auth.routes';
import { loginFactorRoutes } from './features/auth/login-factors.routes';
import { twoFactorRoutes } from './features/two-factor/two-factor.routes';
import { menuRoutes } from './features/menu/menu.routes';
import { healthRoutes } from './features/health/health.routes';
import { addressBookRoutes } from './features/address-book/address-book.routes';
import { personalRoutes } from './features/personal/personal.routes';
import { filesRoutes } from './features/files/files.routes';
import { appsRoutes } from './features/apps/apps.routes';
import { adminUserRoutes } from './features/admin-users/users.routes';
import { adminDeptRoutes } from './features/admin-depts/depts.routes';
import { adminRoleRoutes } from './features/admin-roles/roles.routes';
import { adminFunctionRoutes } from './features/admin-functions/functions.routes';
import { adminColumnAuthRoutes } from './features/admin-column-auth/column-auth.routes';
import { recordsRoutes } from './engines/records/records.routes';
import { workflowRoutes } from './engines/workflow/workflow.routes';
import { MODULE_ROUTES } from './modules/registry';
import { meetingsRoutes } from './features/meetings/meetings.routes';
import { subjectsRoutes } from './features/subjects/subjects.routes';
import { weeklyRoutes } from './features/weekly/weekly.routes';
import { salaryRoutes } from './features/salary/salary.routes';
import { superviseRoutes } from './features/supervise/supervise.routes';
import { newsRoutes } from './features/news/news.routes';
import { spacesRoutes } from './features/spaces/spaces.routes';
import { searchRoutes } from './features/search/search.routes';
import { exchangeRoutes } from './features/documents/exchange.routes';
import { memberUnitRoutes } from './features/documents/member-units.routes';
import { documentsRoutes } from './features/documents/documents.routes';
import { sealRoutes } from './features/documents/seal.routes';
import { printRoutes } from './features/print/print.routes';
import { printTemplateRoutes } from './features/print/print-template.routes';
import { complianceRoutes } from './features/compliance/compliance.routes';
import { auditLogRoutes } from './features/audit-log/audit-log.routes';
import { accountSecurityRoutes } from './features/account-security/account-security.routes';
import { archiveRoutes } from './features/archive/archive.routes';
import { notifyRoutes } from './features/notify/notify.routes';
import { pushRoutes } from './features/notify/push.routes';
import { backupsRoutes } from './features/backups/backups.routes';
import { handoverRoutes } from './features/handover/handover.routes';
import { ssoRoutes } from './features/sso/sso.routes';
import { directorySyncRoutes } from './features/directory-sync/directory-sync.routes';

/** Every feature's routes, composed here (features never import each other). Append new features. */
export const FEATURE_ROUTES: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  loginFactorRoutes,
  twoFactorRoutes,
  menuRoutes,
  addressBookRoutes,
  personalRoutes,
  filesRoutes,
  appsRoutes,
  adminUserRoutes,
  adminDeptRoutes,
  adminRoleRoutes,
  adminFunctionRoutes,
  adminColumnAuthRoutes,
  recordsRoutes,
  ...MODULE_ROUTES,
  workflowRoutes,
  meetingsRoutes,
  subjectsRoutes,
  weeklyRoutes,
  salaryRoutes,
  superviseRoutes,
  newsRoutes,
  spacesRoutes,
  searchRoutes,
  documentsRoutes,
  exchangeRoutes,
  memberUnitRoutes,
  sealRoutes,
  printRoutes,
  printTemplateRoutes,
  complianceRoutes,
  auditLogRoutes,
  accountSecurityRoutes,
  archiveRoutes,
  notifyRoutes,
  pushRoutes,
  backupsRoutes,
  handoverRoutes,
  ssoRoutes,
  directorySyncRoutes,
];
