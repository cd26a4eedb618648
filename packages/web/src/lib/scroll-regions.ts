import { useEffect } from 'react';

/** antd's table scroll containers (a wide table scrolls sideways, a fixed-height one downwards) */
const SCROLLERS = '.ant-table-content, .ant-table-body';
const MARK = 'data-oa-scroll-region';

/**
 * A table that scrolls must be scrollable by keyboard (WCAG 2.1.1): antd gives its scroll container no way to take
 * the focus, and a table of plain text (or an empty one) has nothing inside to tab to. Under `root`, every such
 * container that overflows becomes a named, focusable region (arrow keys scroll it); one that stops overflowing is
 * left out of the tab order again. antd offers no prop for the container, hence the observer.
 */
export function useKeyboardScrollRegions(rootId: string): void {
  useEffect(() => {
    const root = document.getElementById(rootId);
    if (!root) return;
    let frame = 0;
    const mark = () => {
      frame = 0;
      for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
        const overflows = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
        if (overflows && !el.hasAttribute(MARK)) {
          el.setAttribute(MARK, '');
          el.tabIndex = 0;
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', '表格（可用方向键滚动）');
        } else if (!overflows && el.hasAttribute(MARK)) {
          el.removeAttribute(MARK);
          el.removeAttribute('tabindex');
          el.removeAttribute('role');
          el.removeAttribute('aria-label');
        }
      }
    };
    const later = () => {
      if (!frame) frame = window.requestAnimationFrame(mark);
    };
    const observer = new MutationObserver(later);
    observer.observe(root, { childList: true, subtree: true });
    window.addEventListener('resize', later);
    later();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', later);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [rootId]);
}
