/** How long before the session's end the person is warned (WCAG 2.2.1: time to save the work before it ends). */
export const WARN_BEFORE_MS = 5 * 60_000;

/** When the session token stops being accepted (its `exp`, ms since the epoch), or null when it cannot be read. */
export function tokenExpiry(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** ms until the warning is due (0: now), or null when the token tells no end. */
export function warnInMs(token: string | null, now = Date.now()): number | null {
  const end = tokenExpiry(token);
  return end === null ? null : Math.max(0, end - WARN_BEFORE_MS - now);
}
