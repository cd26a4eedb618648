import { useEffect } from 'react';

/** antd's tabs "more" (…) button: the menu of the tabs that do not fit the bar (a narrow window, many open pages) */
const MORE = '.ant-tabs-nav-more:not([aria-hidden])';

/**
 * antd puts a tab bar's "more" (…) button inside its tab list, where only tabs may be (WAI-ARIA; axe:
 * aria-required-children), and names it "ellipsis". The keyboard reaches every tab of the bar with the arrow keys,
 * Home and End (the focused tab scrolls into view), so the button is a mouse shortcut, like a tab's ×
 * (layout/tabs-bar.tsx): it leaves the tab order and the accessibility tree, and the pointer reads its title.
 * antd offers no prop for the button itself, hence the observer, over the whole document (tabs are in the shell, in
 * pages, drawers and dialogs).
 */
export function useMouseOnlyTabsMore(): void {
  useEffect(() => {
    let frame = 0;
    const mark = () => {
      frame = 0;
      for (const el of document.querySelectorAll<HTMLElement>(MORE)) {
        el.setAttribute('aria-hidden', 'true');
        el.tabIndex = -1;
        el.title = '更多标签页';
      }
    };
    const later = () => {
      if (!frame) frame = window.requestAnimationFrame(mark);
    };
    const observer = new MutationObserver(later);
    observer.observe(document.body, { childList: true, subtree: true });
    later();
    return () => {
      observer.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
}
