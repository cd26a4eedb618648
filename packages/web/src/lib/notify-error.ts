import type { ReactNode } from 'react';
import { BusinessError, HttpError, errorMessage } from './http-client';
import { feedback } from './feedback';
import { confirmDialog, isCancelled } from './confirm-dialog';

/** Shows a refusal once: the HTTP client already notified HTTP errors; business refusals are shown here. */
export function notifyError(err: unknown): void {
  if (isCancelled(err) || err instanceof HttpError) return;
  if (err instanceof BusinessError || err instanceof Error) feedback().message.error(errorMessage(err));
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
