import { Suspense, useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { Navigate, Outlet, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { PLATFORM } from '@oa/shared/constants';
import { lazyNamed } from '../../lib/lazy-named';
import { PHONE_BASE } from '../../lib/phone-device';
import { getToken } from '../../lib/storage-keys';
import { againOut, loadUserInfo } from '../../state/session-actions';
import { useSession } from '../../state/session.store';
import { queryClient } from '../providers';
import { phoneListAt, phoneListQuery } from './phone-list-query';
import './phone-app.css';
import './phone-item.css';

// the frame and the lists (with the modules' registry and the live counts) are their own chunk: the login does not
// load them; a page of the app asks for them at once, beside the user's details
let frame: typeof import('./phone-frame') | undefined;
const loadFrame = () => import('./phone-frame').then((m) => (frame = m));
// the login form likewise: only the login page loads it (at once), the lists never do
let login: typeof import('../../features/login/login-page') | undefined;
const loadLogin = () => import('../../features/login/login-page').then((m) => (login = m));
const onLogin = window.location.pathname.endsWith(`${PHONE_BASE}/login`);
const loginLoaded = onLogin ? loadLogin() : null;
const frameLoaded = onLogin ? null : loadFrame();
frameLoaded?.catch(() => undefined);

// React.lazy over the chunks this file asks for itself: once a chunk is in, the render commits the page itself, not
// first its Suspense fallback
const LoginPage = lazyNamed(loadLogin, 'default', () => login);
const PhoneLayout = lazyNamed(loadFrame, 'PhoneLayout', () => frame);
const PhoneList = lazyNamed(loadFrame, 'PhoneList', () => frame);
const PhoneMe = lazyNamed(loadFrame, 'PhoneMe', () => frame);
// an item's page (its form, attachments and actions), a document's and the 应用 tab's pages are loaded when opened: the
// lists and the login stay small
const PhoneItemPage = lazyNamed(() => import('./phone-item-page'), 'PhoneItemPage');
const PhoneApps = lazyNamed(() => import('./phone-apps'), 'PhoneApps');
const PhoneDocPage = lazyNamed(() => import('./phone-doc-page'), 'PhoneDocPage');

/** The user's details asked for by the app's start (startPhoneLoads), taken by PhoneGate instead of asking again. */
let earlyUserInfo: Promise<void> | null = null;
/** The list's first page asked for by the app's start. */
let earlyList: Promise<void> | null = null;

/**
 * Called once the configuration is in, before the first render: a page behind the login asks for the user's details
 * and its list's first page at the same time (the list does not wait for the details, nor for React's first render).
 */
export function startPhoneLoads(): void {
  const path = window.location.pathname;
  if (!getToken() || path.endsWith(`${PHONE_BASE}/login`)) return;
  if (!useSession.getState().roles) {
    earlyUserInfo = loadUserInfo();
    earlyUserInfo.catch(() => undefined); // PhoneGate reports a failure
  }
  const kind = phoneListAt(path);
  if (kind) earlyList = queryClient.prefetchInfiniteQuery(phoneListQuery(kind));
}

/**
 * What the first render waits for (startPhoneApp), the server's shell of the page staying on the screen meanwhile: on
 * the login page its form; on a list's page the frame's chunk, the user's details and the list's first page. So the
 * first render commits the list's page whole, instead of a spinner, the frame, the list and the user's details one by
 * one (each a long task on a phone). A failure is not waited on again: the page shows it. A page without a shell (an
 * item's, 我的) renders at once, its spinner instead of an empty page.
 */
export const firstScreenLoaded = (): Promise<unknown> => {
  const waits = earlyList ? [frameLoaded, earlyUserInfo, earlyList] : [loginLoaded];
  return Promise.all(waits.map((p) => p?.catch(() => undefined)));
};

/**
 * /oa/m/… — the phone app: the same bundle and server calls as the desktop, its own route tree and layout (no desktop
 * shell; a bottom tab bar). 待办 / 已办 / 抄送 / 我的申请 / 我的, and an item's page with every action on it.
 */
export default function PhoneApp() {
  return (
    <div className="m-app">
      <Routes>
        <Route path="login" element={<PhoneLogin />} />
        <Route element={<PhoneGate />}>
          <Route
            element={
              <Suspense fallback={<PhoneWait />}>
                <PhoneLayout />
              </Suspense>
            }
          >
            <Route index element={<PhoneList kind="todo" />} />
            <Route path="done" element={<PhoneList kind="done" />} />
            <Route path="cc" element={<PhoneList kind="cc" />} />
            <Route path="mine" element={<PhoneList kind="mine" />} />
            <Route path="me" element={<PhoneMe />} />
            <Route
              path="apps/*"
              element={
                <Suspense fallback={<PhoneWait />}>
                  <PhoneApps />
                </Suspense>
              }
            />
          </Route>
          <Route
            path="item"
            element={
              <Suspense fallback={<PhoneWait />}>
                <PhoneItemPage />
              </Suspense>
            }
          />
          <Route
            path="doc"
            element={
              <Suspense fallback={<PhoneWait />}>
                <PhoneDocPage />
              </Suspense>
            }
          />
        </Route>
        <Route path="*" element={<Navigate to={PHONE_BASE} replace />} />
      </Routes>
    </div>
  );
}

/** The login logic of /login in the phone's layout; it comes back to the phone page that asked for it. */
function PhoneLogin() {
  const [params] = useSearchParams();
  const back = params.get('redirect');
  const signedIn = useSession((s) => s.token) ?? getToken();
  if (signedIn) return <Navigate to={back?.startsWith(`${PHONE_BASE}`) ? back : PHONE_BASE} replace />;
  if (!back) return <Navigate to={`${PHONE_BASE}/login?redirect=${encodeURIComponent(PHONE_BASE)}`} replace />;
  return (
    <div className="m-login" data-testid="m-login">
      <Suspense fallback={<PhoneWait />}>
        <LoginPage />
      </Suspense>
    </div>
  );
}

/** Behind the login: without a session to the phone's login (and back here after it); the user's details loaded once. */
function PhoneGate() {
  const location = useLocation();
  const token = getToken();
  const roles = useSession((s) => s.roles);
  const platform = useSession((s) => s.platform);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!token || roles) return;
    let live = true;
    const asked = earlyUserInfo ?? loadUserInfo();
    earlyUserInfo = null;
    asked.catch(() => {
      if (!live) return;
      setProblem('暂时无法连接服务器，请检查网络后重试');
    });
    return () => {
      live = false;
    };
  }, [token, roles, attempt]);
  if (!token) {
    return <Navigate to={`${PHONE_BASE}/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (problem)
    return (
      <Result
        status="warning"
        title="网络异常"
        subTitle={problem}
        extra={[
          <Button
            key="retry"
            type="primary"
            size="large"
            onClick={() => {
              setProblem(null);
              setAttempt((n) => n + 1);
            }}
          >
            重试
          </Button>,
          <Button
            key="out"
            size="large"
            onClick={() => {
              againOut();
              setProblem(null);
            }}
          >
            重新登录
          </Button>,
        ]}
      />
    );
  if (!roles) return <PhoneWait />;
  // applicants (platform 19) have their own area, not this app
  if (platform === PLATFORM.FOUNDATION) return <Navigate to="/foundationForWeb" replace />;
  return <Outlet />;
}

function PhoneWait() {
  return (
    <div className="m-center">
      <Spin size="large" />
    </div>
  );
}
