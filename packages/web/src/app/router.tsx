import { Navigate, Outlet, createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { ROUTER_BASENAME } from '../lib/api-prefix';
import { GUARD_ROUTE_ID, guardLoader, loginLoader, startSessionEarly } from './guard';
import { HOME_PATH } from '../state/route-table';
import type { RouteHandle } from './root-shell';
import { page, ROOT_ROUTE } from './route-kit';
import { GuardError } from './guard-error';

const title = (t: string): RouteHandle => ({ title: t });

const reportHandoff = page(() => import('../features/report-handoff/report-handoff-page'));

const routes: RouteObject[] = [
  {
    ...ROOT_ROUTE,
    children: [
      // No login needed (spec §2 white list)
      { path: 'login', loader: loginLoader, lazy: page(() => import('../features/login/login-page')), handle: title('登录') },
      { path: 'forgotPassword', lazy: page(() => import('../features/password/forgot-password-page')), handle: title('忘记密码') },
      { path: 'workflow/kk', lazy: page(() => import('../features/workflow/workflow-share-page')), handle: title('流程查看') },
      // the QR code of an issued document opens its verification, for anyone (issue 37)
      { path: 'verify/:id', lazy: page(() => import('../features/documents/doc-verify-page')), handle: title('公文印发验证') },
      // outside applicants of the subject-funding area register themselves (platform 19)
      {
        path: 'foundationRegister',
        lazy: page(() => import('../features/foundation-web/fweb-register-page')),
        handle: title('申报人注册'),
      },
      // The phone app (/oa/m/…): its own route tree and layout, no desktop shell; it asks for the login itself
      { path: 'm/*', lazy: page(() => import('./phone/phone-app')), handle: title('移动办公') },
      // the mobile app's web view link (?moduleCode=&id=&token=) opens the item in the phone app; the token was taken
      // at start-up (captureAddressToken), every other parameter goes along
      { path: 'PreviewForApp', loader: ({ request }) => redirect(`/m/item${new URL(request.url).search}`) },
      {
        id: GUARD_ROUTE_ID,
        loader: guardLoader,
        shouldRevalidate: () => true,
        errorElement: <GuardError />,
        element: <Outlet />,
        children: [
          // Outside the main layout
          { path: '404', lazy: page(() => import('../features/errors/not-found-page')), handle: title('404') },
          { path: '401', lazy: page(() => import('../features/errors/unauthorized-page')), handle: title('401') },
          { path: 'test', lazy: page(() => import('../features/diagnostics/test-page')), handle: title('系统诊断') },
          { path: 'toIrpt', lazy: reportHandoff, handle: title('报表中心') },
          { path: 'toAbi', lazy: reportHandoff, handle: title('数据分析') },
          {
            path: 'meetingManage/meeting',
            lazy: page(() => import('../features/meetings/meeting-manage-page')),
            handle: title('会议管理平台'),
          },
          // The applicants' area (platform 19): its own layout, outside the OA shell
          {
            path: 'foundationForWeb/*',
            lazy: page(() => import('../features/foundation-web/foundation-layout')),
            handle: title('课题基金申报平台'),
          },
          // The member-unit contacts' area (platform 20): its own layout, outside the OA shell
          {
            path: 'unitForWeb/*',
            lazy: page(() => import('./unit-area')),
            handle: title('成员单位公文交换平台'),
          },
          {
            lazy: page(() => import('./layout/app-layout')),
            children: [
              { index: true, loader: () => redirect(HOME_PATH), element: <Navigate to={HOME_PATH} replace /> },
              // Every menu page: resolved against the route table built from the function list
              { path: '*', lazy: page(() => import('./layout/tab-views')) },
            ],
          },
        ],
      },
    ],
  },
];

/** The desktop router: created once the configuration is in (its guard then runs once the matched routes' chunks are in). */
export const createAppRouter = () => createBrowserRouter(routes, { basename: ROUTER_BASENAME });

/** A fresh session's first loads, started as soon as this chunk is in (guard.ts). */
export const startSession = () => startSessionEarly(routes);
