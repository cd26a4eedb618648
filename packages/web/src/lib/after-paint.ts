import { useEffect, useState } from 'react';

/**
 * False until the browser has painted once since the component mounted (two frames, then an idle moment): a part
 * that can wait — a chart's large library — is asked for after the first screen is on it, not competing with it.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let frame = 0;
    let idle = 0;
    const done = () => setPainted(true);
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        idle = window.requestIdleCallback ? window.requestIdleCallback(done, { timeout: 500 }) : window.setTimeout(done, 50);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      window.clearTimeout(idle);
    };
  }, []);
  return painted;
}
