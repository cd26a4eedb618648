// first: antd's static stylesheet (the theme's zeroRuntime) goes before every stylesheet of the app
import { linkAntdStyles } from './lib/antd-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot, type AppRouter } from './app/app-root';
import { installSessionHandlers } from './app/session-handlers';
import { BootError } from './app/boot-error';
import { loadClientConfig } from './lib/client-config';
import { startProgress } from './lib/progress-bar';
import { captureAddressToken } from './lib/storage-keys';
import { registerServiceWorker } from './lib/web-push';
import { isPhoneDevice } from './lib/phone-device';
import { inPhoneApp, linkPhoneManifest } from './lib/phone-shell';
import './app/global.css';

/** The favicon is set at start-up (spec §2). */
function setFavicon(): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.type = 'image/svg+xml';
  link.href = `${import.meta.env.BASE_URL}favicon.svg`;
}

/** Resolves once the router has its first page: the matched routes' chunks are in and their loaders have run. */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

async function boot(): Promise<void> {
  // antd's stylesheet in parts (a task each to parse), linked before the app's own; the app renders once it is in
  const styles = linkAntdStyles();
  styles.catch(() => undefined);
  setFavicon();
  startProgress();
  captureAddressToken();
  registerServiceWorker();
  // a phone opening the entry, the login or an item's page goes to the phone app (loaded only on phones)
  if (isPhoneDevice()) await import('./app/phone/phone-redirect').then((r) => r.phoneRedirect()).catch(() => undefined);
  // a page under /oa/m/ loads the phone app's router alone (its own chunk: no desktop shell, no desktop pages), beside
  // the configuration: it runs no loader before the first render
  const phoneRouter: Promise<{ router: AppRouter }> | null = inPhoneApp() ? import('./app/phone/phone-router') : null;
  phoneRouter?.catch(() => undefined);
  if (phoneRouter) linkPhoneManifest();
  // the desktop router's chunk is fetched beside the configuration too; the router is created once that is in
  const desktopRouter = phoneRouter ? null : import('./app/router');
  desktopRouter?.catch(() => undefined);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    const config = await loadClientConfig();
    document.title = config.siteTitle;
  } catch {
    root.render(<BootError onRetry={() => window.location.reload()} />);
    return;
  }
  // a fresh session's first loads start now (requests are signed with the configuration), not once the routes' chunks are in
  desktopRouter?.then((r) => r.startSession()).catch(() => undefined);
  let router: AppRouter;
  try {
    const [made] = await Promise.all([
      phoneRouter ? phoneRouter.then((r) => r.router) : (desktopRouter ?? import('./app/router')).then((r) => r.createAppRouter()),
      styles,
    ]);
    router = made;
  } catch {
    root.render(<BootError onRetry={() => window.location.reload()} />);
    return;
  }
  installSessionHandlers(router);
  // the desktop's first render waits for its first page (routes and guard): 首页's first screen, put into #root by the
  // server, stays until then rather than giving way to an empty frame
  if (!phoneRouter) await routerReady(router);
  root.render(
    <StrictMode>
      <AppRoot router={router} />
    </StrictMode>,
  );
}

void boot();
