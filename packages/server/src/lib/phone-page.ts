import { fillShell, pageShells, supportLine, type SiteTexts } from './page-shells';

/**
 * The phone app's page (the web build's m/index.html, issue 34): the login's and the four lists' addresses get their
 * first screen's shell (lib/page-shells.ts). Every variant is made once, at start-up.
 */

/** The lists of the bottom tab bar that have a shell: their address under /oa/m, title and waiting line. */
const LISTS = {
  todo: { path: '', title: '待办', wait: '正在读取您的待办，请稍候…' },
  done: { path: '/done', title: '已办', wait: '正在读取您的已办，请稍候…' },
  cc: { path: '/cc', title: '抄送我的', wait: '正在读取抄送给您的事项，请稍候…' },
  mine: { path: '/mine', title: '我的申请', wait: '正在读取您的申请，请稍候…' },
} as const;

/**
 * The page for each address of the phone app (a path under /oa/m, no query): the login's and the four lists' with
 * their shell, any other address the page without one (the app renders it). A page without templates is kept as is.
 */
export function phonePages(html: string, texts: SiteTexts): (path: string) => string {
  const { shells, withShell } = pageShells(html, texts);
  const pages = new Map<string, string>();
  const login = shells.get('login');
  if (login) {
    pages.set('/login', withShell(fillShell(login, { siteTitle: texts.siteTitle, supportLine: supportLine(texts) })));
  }
  const list = shells.get('list');
  if (list) {
    for (const [kind, l] of Object.entries(LISTS)) {
      const on = Object.fromEntries(Object.keys(LISTS).map((k) => [`on:${k}`, k === kind ? 'm-shell-on' : '']));
      const page = withShell(fillShell(list, { title: l.title, wait: l.wait, ...on }));
      pages.set(l.path, page);
      pages.set(`${l.path}/`, page);
    }
  }
  const other = withShell();
  return (path) => pages.get(path) ?? other;
}
