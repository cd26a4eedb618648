import { ROUTER_BASENAME } from '../../lib/api-prefix';

/** The meeting's check-in link, the QR code's target: opens the meeting's page logged in and checks the scanner in. */
export const checkinPath = (id: number) => `${ROUTER_BASENAME}/meeting/detail?id=${id}&checkin=1`;

export const checkinUrl = (id: number, origin: string = window.location.origin) => `${origin}${checkinPath(id)}`;

/**
 * The meeting a scanned code checks in to, or null when the code is not one of this site's check-in links (another
 * site's address, another page, a code without a meeting). The server checks everything else (time window, invitee).
 */
export function checkinMeetingId(text: string, origin: string): number | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.replace(/\/+$/, '') !== `${ROUTER_BASENAME}/meeting/detail`) return null;
  if (url.searchParams.get('checkin') !== '1') return null;
  const id = Number(url.searchParams.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
