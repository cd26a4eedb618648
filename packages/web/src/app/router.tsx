import type { ComponentType } from 'react';
import { Navigate, Outlet, createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { ROUTER_BASENAME } from '../lib/api-prefix';
import { guardLoader, loginLoader } from './guard';
import { HOME_PATH } from '../state/route-table';
import { BootFallback, RootShell, type RouteHandle } from './root-shell';
import { RouteError } from './route-error';
import { GuardError } from './guard-error';

type PageImport = Promise<{ default: ComponentType }>;
const page = (load: () => PageImport) => async () => ({ Component: (await load()).default });
const title = (t: string): RouteHandle => ({ title: t });

const reportHandoff = page(() => import('../features/report-handoff/report-handoff-page'));

const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootShell />,
    HydrateFallback: BootFallback,
    errorElement: <RouteError />,
    children: [
      // No login needed (spec §2 white list)
      { path: 'login', loader: loginLoader, lazy: page(() => import('../features/login/login-page')), handle: title('登录') },
      { path: 'forgotPassword', lazy: page(() => import('../features/password/forgot-password-page')), handle: title('忘记密码') },
      { path: 'workflow/kk', lazy: page(() => import('../features/workflow/workflow-share-page')), handle: title('流程查看') },
      // outside applicants of the subject-funding area register themselves (platform 19)
      {
        path: 'foundationRegister',
        lazy: page(() => import('../features/foundation-web/fweb-register-page')),
        handle: title('申报人注册'),
      },
      { path: 'PreviewForApp', lazy: page(() => import('../features/mobile-preview/preview-for-app-page')), handle: title('预览') },
      {
        id: 'guard',
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

export const router = createBrowserRouter(routes, { basename: ROUTER_BASENAME });
