import type { ReactNode } from 'react';
import { BusinessError, HttpError, errorMessage } from './http-client';
import { feedback } from './feedback';
import { confirmDialog, isCancelled } from './confirm-dialog';

/**
 * Shows an error once: what the HTTP client already showed (its '错误' notice, '网络异常', time-out) is
 * not shown again; business refusals, uploads and downloads (which the client does not show) are shown here.
 */
export function showError(err: unknown, fallback = '操作失败'): void {
  if (isCancelled(err) || (err instanceof HttpError && err.shown)) return;
  if (err instanceof BusinessError || err instanceof Error) feedback().message.error(errorMessage(err, fallback));
  else feedback().message.error(fallback);
}

/** showError with the default fallback (usable as an onError callback). */
export function notifyError(err: unknown): void {
  showError(err);
}

/**
 * Confirm, then act: a refusal (e.g. '角色正在被使用') closes the dialog and is shown as a message.
 * Resolves true when the action succeeded, false when cancelled or refused.
 */
export async function confirmAction(content: ReactNode, action: () => Promise<unknown>, opts: { danger?: boolean } = {}): Promise<boolean> {
  let failed = false;
  try {
    await confirmDialog(content, {
      ...opts,
      onOk: async () => {
        try {
          await action();
        } catch (err) {
          failed = true;
          notifyError(err);
        }
      },
    });
  } catch (err) {
    notifyError(err);
    return false;
  }
  return !failed;
}
