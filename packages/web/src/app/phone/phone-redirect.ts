import { ROUTER_BASENAME } from '../../lib/api-prefix';
import { prefersDesktop } from '../../lib/phone-device';
import { phoneTarget } from './phone-paths';

/**
 * At start-up on a phone (main.tsx, before the router reads the address): the entry, the login, the home tab, the
 * to-do centre and a record's page (the link of an e-mail or a push message) open in the phone app instead. Other
 * desktop pages open as asked; so does everything after 电脑版 was chosen in this tab.
 */
export function phoneRedirect(): void {
  if (prefersDesktop()) return;
  const { pathname, search } = window.location;
  if (!pathname.startsWith(ROUTER_BASENAME)) return;
  const path = pathname.slice(ROUTER_BASENAME.length) || '/';
  const target = phoneTarget(path, search);
  if (target) window.history.replaceState(window.history.state, '', `${ROUTER_BASENAME}${target}`);
}
