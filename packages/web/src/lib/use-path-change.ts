import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Runs `effect` after the path has changed, never for the first one: a fresh page is already at its top, and a scroll
 * (or anything else that reads the layout) right after the first render forces the layout of the whole page inside
 * that render's task, a long task after the first paint.
 */
export function usePathChange(pathname: string, effect: () => void): void {
  const shown = useRef(pathname);
  const run = useEffectEvent(effect);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    run();
  }, [pathname]);
}
