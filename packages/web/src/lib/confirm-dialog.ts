import type { ReactNode } from 'react';
import { feedback } from './feedback';

interface ConfirmOptions {
  /** default '温馨提示' (spec §8) */
  title?: ReactNode;
  okText?: string;
  cancelText?: string;
  type?: 'warning' | 'info' | 'error';
  danger?: boolean;
  /** runs when OK is clicked; the OK button shows loading until it settles; a rejection keeps the dialog open */
  onOk?: () => unknown;
}

/** Thrown (as the rejection) when the user cancels a confirm dialog. */
class ConfirmCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'ConfirmCancelled';
  }
}

/**
 * The confirm dialog of spec §8: default title '温馨提示', a cancel button, a click outside does not
 * close it, cancel rejects, and the OK button shows loading while its callback runs.
 * Resolves with the callback's result after OK.
 */
export function confirmDialog<T = void>(content: ReactNode, options: ConfirmOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const method = options.type === 'error' ? 'error' : options.type === 'info' ? 'info' : 'confirm';
    feedback().modal[method]({
      title: options.title ?? '温馨提示',
      content,
      okText: options.okText ?? '确定',
      cancelText: options.cancelText ?? '取消',
      okCancel: true,
      maskClosable: false,
      keyboard: true,
      okButtonProps: { danger: options.danger },
      onOk: async () => {
        const result = (await options.onOk?.()) as T;
        resolve(result);
      },
      onCancel: () => reject(new ConfirmCancelled()),
    });
  });
}

/** True when an error is a cancelled confirm dialog (nothing to report). */
export const isCancelled = (err: unknown): boolean => err instanceof ConfirmCancelled;
