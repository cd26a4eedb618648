import { useEffect, useState } from 'react';

const listeners = new Set<() => void>();

/** Asks the app root to re-render from scratch (spec §2: "the app root re-renders on a reload request"). */
export function requestAppReload(): void {
  for (const listener of listeners) listener();
}

/** Used by the app root: a key that changes on every reload request. */
export function useAppReloadKey(): number {
  const [key, setKey] = useState(0);
  useEffect(() => {
    const listener = () => setKey((k) => k + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return key;
}
