import type { KeyboardEvent, SyntheticEvent } from 'react';

/**
 * The props of a text action drawn as a link (`<a {...actionLink(run)}>查看</a>`): an `<a>` without an address is
 * not reachable by keyboard and has no role, so it takes the focus (Tab), names its role — a link when it goes to
 * another page, a button when it acts — and runs on Enter (and Space for a button), as a click does (WCAG 2.1.1, 4.1.2).
 */
export function actionLink(run: (e: SyntheticEvent) => unknown, role: 'link' | 'button' = 'button') {
  return {
    role,
    tabIndex: 0,
    onClick: (e: SyntheticEvent) => void run(e),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== 'Enter' && !(role === 'button' && e.key === ' ')) return;
      e.preventDefault();
      void run(e);
    },
  };
}
