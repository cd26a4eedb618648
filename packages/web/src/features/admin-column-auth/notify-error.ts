import { BusinessError, HttpError, errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { isCancelled } from '../../lib/confirm-dialog';

/** Shows a refusal once: the HTTP client already notified HTTP errors; business refusals are shown here. */
export function notifyError(err: unknown): void {
  if (isCancelled(err) || err instanceof HttpError) return;
  if (err instanceof BusinessError || err instanceof Error) feedback().message.error(errorMessage(err));
}
