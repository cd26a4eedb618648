import { INNER_NET_TIMEOUT_MS } from '@oa/shared/constants';

/**
 * Spec §4 internal-network detection: an image request to an internal host that loads within 1.5 s
 * means the viewer is on the association's network (use the internal stream address).
 */
export function probeInnerNet(probeUrl: string | null, timeoutMs = INNER_NET_TIMEOUT_MS): Promise<boolean> {
  if (!probeUrl) return Promise.resolve(false);
  return new Promise((resolve) => {
    const img = new Image();
    const timer = window.setTimeout(() => {
      img.src = '';
      resolve(false);
    }, timeoutMs);
    img.onload = () => {
      window.clearTimeout(timer);
      resolve(true);
    };
    img.onerror = () => {
      window.clearTimeout(timer);
      resolve(false);
    };
    img.src = `${probeUrl}${probeUrl.includes('?') ? '&' : '?'}t=${Date.now()}`;
  });
}

/** The address a viewer uses: internal inside the network (when it has one), else external, else whichever exists. */
export const streamAddress = (inner: boolean, m: { innerUrl: string | null; outerUrl: string | null }): string | null =>
  (inner ? m.innerUrl || m.outerUrl : m.outerUrl || m.innerUrl) || null;
