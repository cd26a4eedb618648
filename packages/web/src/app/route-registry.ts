import type { ComponentType } from 'react';
import { MODULE_PAGE_ROUTES } from '../modules/module-routes';
import { REGISTER_PAGE_ROUTES } from '../modules/register/register-routes';

/** A page module: its default export is the page component (it takes no props; see useTabRoute()). */
export type PageModule = Promise<{ default: ComponentType }>;

/**
 * Router path → page loader. A menu function whose router is listed here renders that page in the main
 * layout; any other menuType '1' router shows '该功能暂未开放'. Keys are matched case-insensitively.
 *
 * To add a page: one line, e.g.
 *   '/stamp': () => import('../features/stamp/stamp-list-page'),
 */
export const routeRegistry: Record<string, () => PageModule> = {
  // generic list / edit / preview / manage pages of every declared module (entries below override)
  ...MODULE_PAGE_ROUTES,
  // registers (issue 6): the generic register list, and the pages of registers that need more
  ...REGISTER_PAGE_ROUTES,
  '/PartyFee': () => import('../features/registers/fee-page'),
  '/LabourFee': () => import('../features/registers/fee-page'),
  '/Attendance': () => import('../features/registers/attendance-page'),
  '/PersonalContractManage': () => import('../features/registers/contract-page'),
  '/bulletinBoard': () => import('../features/registers/bulletin-board-page'),
  '/bulletinBoardEdit': () => import('../features/registers/bulletin-edit-page'),
  '/dashboard': () => import('../features/home/home-page'),
  '/cooperationIndex': () => import('../features/home/home-page'),
  '/workIndex': () => import('../features/home/home-page'),
  '/mandatoryIndex': () => import('../features/home/home-page'),
  '/serviceIndex': () => import('../features/home/home-page'),
  '/workFlow': () => import('../features/workflow/workflow-list-page'),
  '/workFlow/edit': () => import('../features/workflow/workflow-edit-page'),
  '/configPreview': () => import('../features/workflow/config-preview-page'),
  '/workflow/jsxPreview': () => import('../features/workflow/simulate-page'),
  '/workflow/approver': () => import('../features/workflow/approver-page'),
  '/workflow/ProcessList': () => import('../features/workflow/process-list-page'),
  '/process': () => import('../features/pending/process-page'),
  '/message': () => import('../features/pending/message-page'),
  '/personal': () => import('../features/personal/personal-page'),
  '/address/detail': () => import('../features/address-book/address-detail-page'),
  '/app': () => import('../features/apps/app-manage-page'),
  '/user': () => import('../features/admin-users/user-page'),
  '/role': () => import('../features/admin-roles/role-page'),
  '/memberRole': () => import('../features/admin-roles/member-role-page'),
  '/function': () => import('../features/admin-functions/function-page'),
  '/memberFunction': () => import('../features/admin-functions/member-function-page'),
  '/information/columnUserAuth': () => import('../features/admin-column-auth/column-auth-page'),
  // approval modules of issue 6: bespoke pages (the generic ones come from MODULE_PAGE_ROUTES)
  '/signDeal': () => import('../features/sign/sign-deal-page'),
  '/briefingList': () => import('../features/briefing/briefing-list-page'),
  '/reward/setting': () => import('../features/reward/reward-setting-page'),
  '/reward/settingEdit': () => import('../features/reward/reward-setting-edit-page'),
  '/deviceSenior': () => import('../features/device/device-senior-page'),
  '/contractManage': () => import('../features/contract/contract-manage-page'),
  '/eventApprovalDetail': () => import('../features/event/event-approval-detail-page'),
  '/seniorPreview': () => import('../features/legal/senior-preview-page'),
  '/deptFlowList': () => import('../features/employment/dept-flow-list-page'),
  '/employmentFormView': () => import('../features/employment/employment-form-view-page'),
  '/resignationFormView': () => import('../features/employment/employment-form-view-page'),
  '/Leave': () => import('../features/leave/leave-page'),
  '/LeaveManage': () => import('../features/leave/leave-manage-page'),
  '/PaymentManage': () => import('../features/payment/payment-manage-page'),
  '/Passport': () => import('../features/passport/passport-page'),
  '/OfficeSuppliesManage': () => import('../features/supplies/supplies-page'),
};
