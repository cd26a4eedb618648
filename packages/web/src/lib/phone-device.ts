import { readSession, writeSession } from './storage-keys';

/** Set for this tab by the phone app's 电脑版: the desktop pages are then opened as asked, not offered the phone app. */
const PREFER_DESKTOP = 'oa-prefer-desktop';

/** The base path of the phone app (under the web app's /oa/). */
export const PHONE_BASE = '/m';

/**
 * A phone: a narrow screen held by a touch device (a touch user agent, or a coarse pointer). A desktop browser made
 * narrow keeps the desktop pages; a tablet held wide does too.
 */
export function isPhoneDevice(): boolean {
  const narrow = Math.min(window.innerWidth, window.screen?.width ?? window.innerWidth) <= 768;
  const touchAgent = /Android|iPhone|iPod|Mobile|HarmonyOS|MicroMessenger/i.test(navigator.userAgent);
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return narrow && (touchAgent || coarse);
}

export const prefersDesktop = (): boolean => readSession(PREFER_DESKTOP) === 'Y';
export const setPrefersDesktop = (yes: boolean): void => writeSession(PREFER_DESKTOP, yes ? 'Y' : null);
