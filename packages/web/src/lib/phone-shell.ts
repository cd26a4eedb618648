import { ROUTER_BASENAME } from './api-prefix';
import { PHONE_BASE } from './phone-device';

/** Whether this page is the phone app's (/oa/m or /oa/m/…), read from the address at start-up. */
export function inPhoneApp(): boolean {
  const p = window.location.pathname;
  const base = `${ROUTER_BASENAME}${PHONE_BASE}`;
  return p === base || p.startsWith(`${base}/`);
}

/**
 * The phone app installs as its own app (协会办公, opened at /oa/m/): index.html links the desktop's manifest, a page of
 * the phone app links public/m/manifest.webmanifest instead (the browser reads the link when it offers to install).
 */
export function linkPhoneManifest(): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'manifest';
    document.head.appendChild(link);
  }
  link.href = `${import.meta.env.BASE_URL}m/manifest.webmanifest`;
}
