import { setImmediate } from 'node:timers/promises';

/**
 * Lets the requests waiting on the event loop in before long work goes on (issue 18): a loop over thousands of
 * rows (an import's checks, an export's chunks, a back-fill's steps on SQLite's synchronous driver) awaits it
 * between bounded steps, so that no request waits behind the whole of it.
 */
export const nextTurn = (): Promise<void> => setImmediate();
