import { useEffect, useState } from 'react';

/** Resolves in the browser's next frame (before it paints). */
export const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));

/** Resolves at the browser's next idle moment (at the latest after `timeout` ms). */
export const idleMoment = (timeout = 500): Promise<void> =>
  new Promise((resolve) =>
    window.requestIdleCallback ? window.requestIdleCallback(() => resolve(), { timeout }) : window.setTimeout(resolve, 50),
  );

/**
 * False until the browser has painted once since the component mounted (two frames, then an idle moment): a part
 * that can wait — a chart's large library — is asked for after the first screen is on it, not competing with it.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void nextFrame()
      .then(nextFrame)
      .then(() => idleMoment())
      .then(() => live && setPainted(true));
    return () => {
      live = false;
    };
  }, []);
  return painted;
}
