import type { MouseEvent } from 'react';

/**
 * 跳到主要内容: the first stop of the Tab key on every page, visible only while focused (WCAG 2.4.1). It moves the
 * focus to the page area, past the menu and the top bar, without touching the address.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    document.getElementById('oa-main')?.focus();
  };
  return (
    <a className="oa-skip-link" href="#oa-main" onClick={skip}>
      跳到主要内容
    </a>
  );
}
