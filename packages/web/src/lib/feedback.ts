import { App, Modal, message, notification } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/** message / notification / modal APIs bound to the app's ConfigProvider (theme, locale). */
export interface FeedbackApi {
  message: AppApi['message'];
  notification: AppApi['notification'];
  modal: Pick<typeof Modal, 'confirm' | 'info' | 'error' | 'warning' | 'success'>;
}

let bound: FeedbackApi | null = null;

/** Called once by the FeedbackBridge inside <App>; until then the static antd APIs are used. */
export function bindFeedback(api: FeedbackApi): void {
  bound = api;
}

export function feedback(): FeedbackApi {
  return bound ?? { message, notification, modal: Modal };
}

/** Notices last 2.5 s (spec §9) unless stated otherwise. */
export const NOTICE_SECONDS = 2.5;
