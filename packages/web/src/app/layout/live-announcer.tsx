import { useEffect, useState, useSyncExternalStore } from 'react';
import { announcements } from '../../lib/announce';

/**
 * The shell's polite live region (WCAG 4.1.3): screen readers read what `announce()` says when the person pauses,
 * without moving the focus. Emptied first, so the same message said twice is read twice.
 */
export function LiveAnnouncer() {
  const latest = useSyncExternalStore(announcements.subscribe, announcements.get);
  const [shown, setShown] = useState('');
  useEffect(() => {
    const message = latest.slice(latest.indexOf('\u0000') + 1);
    setShown('');
    const t = window.setTimeout(() => setShown(message), 100);
    return () => window.clearTimeout(t);
  }, [latest]);
  return (
    <div className="oa-sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      {shown}
    </div>
  );
}
