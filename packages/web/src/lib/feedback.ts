import type { App, Modal } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/** message / notification / modal APIs bound to the app's ConfigProvider (theme, locale). */
interface FeedbackApi {
  message: AppApi['message'];
  notification: AppApi['notification'];
  modal: Pick<typeof Modal, 'confirm' | 'info' | 'error' | 'warning' | 'success'>;
}

/**
 * antd's message, notification and modal code is not part of the first download (the login page stays
 * small): the host that holds them (app/feedback-host.tsx) is mounted by the app layout, or on the first
 * call made before that; calls made meanwhile run as soon as it is bound.
 */
let bound: FeedbackApi | null = null;
let wanted = false;
const waiting: Array<(api: FeedbackApi) => void> = [];
const listeners = new Set<() => void>();

/** Called by the host once it is mounted inside the ConfigProvider. */
export function bindFeedback(api: FeedbackApi): void {
  bound = api;
  for (const run of waiting.splice(0)) run(api);
}

/** Asks for the host to be mounted (idempotent). */
export function wantFeedback(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}

/** For useSyncExternalStore in the providers: whether the host should be mounted. */
export const feedbackWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => wanted,
};

type Methods = Record<string, (...args: unknown[]) => unknown>;

/** Until the host is bound: the same API, each call queued (return values are not available then). */
function deferred<K extends keyof FeedbackApi>(key: K): FeedbackApi[K] {
  return new Proxy({} as FeedbackApi[K], {
    get:
      (_target, method: string) =>
      (...args: unknown[]) => {
        wantFeedback();
        waiting.push((api) => (api[key] as unknown as Methods)[method](...args));
        return undefined;
      },
  });
}
const pending: FeedbackApi = { message: deferred('message'), notification: deferred('notification'), modal: deferred('modal') };

export function feedback(): FeedbackApi {
  return bound ?? pending;
}
