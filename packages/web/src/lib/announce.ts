/**
 * What the screen reader should hear of a live event (a new to-do, a live meeting): one polite live region in the
 * app shell (app/layout/live-announcer.tsx) reads the latest text. Saying the same text again is heard again.
 */
let text = '';
let serial = 0;
const listeners = new Set<() => void>();

export function announce(message: string): void {
  text = message;
  serial += 1;
  listeners.forEach((l) => l());
}

export const announcements = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** the latest message and its number (a repeated message gets a new number) */
  get: () => `${serial}\u0000${text}`,
};
