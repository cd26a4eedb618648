export interface DebounceOptions {
  /** Call at the start of a burst too (default false). The trailing call then runs only if the
   * function was called again during the burst. */
  leading?: boolean;
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending trailing call. */
  cancel(): void;
  /** Runs a pending trailing call now. */
  flush(): void;
  /** Whether a trailing call is waiting. */
  pending(): boolean;
}

/**
 * Delays `fn` until `wait` ms have passed without another call; the last call's arguments win.
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number, options: DebounceOptions = {}): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastArgs: A | undefined;

  const fire = (): void => {
    timer = undefined;
    if (lastArgs) {
      const args = lastArgs;
      lastArgs = undefined;
      fn(...args);
    }
  };

  const debounced = ((...args: A): void => {
    const startsBurst = timer === undefined;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(fire, wait);
    if (startsBurst && options.leading) {
      lastArgs = undefined;
      fn(...args);
    } else {
      lastArgs = args;
    }
  }) as Debounced<A>;

  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
  };
  debounced.flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    fire();
  };
  debounced.pending = () => lastArgs !== undefined;
  return debounced;
}
