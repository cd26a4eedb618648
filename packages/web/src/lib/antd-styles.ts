import parts from 'virtual:antd-css-parts';

/**
 * Links antd's stylesheet, in parts (antd-css-parts.ts), before every stylesheet the page has (the app's own, which
 * override it; the chunks loaded later link theirs after it). Each part is parsed in a task of its own as it arrives.
 * Settles when every part is in; fails if one could not be loaded. Called once, by the page's entry.
 */
export function linkAntdStyles(): Promise<void> {
  const before = document.head.querySelector('link[rel="stylesheet"], style');
  const loads = parts.map(
    (href) =>
      new Promise<void>((resolve, reject) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.onload = () => resolve();
        link.onerror = () => reject(new Error(`stylesheet ${href} not loaded`));
        document.head.insertBefore(link, before);
      }),
  );
  return Promise.all(loads).then(() => undefined);
}
