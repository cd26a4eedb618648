/**
 * The phone app's page (the web build's m/index.html, issue 34): it carries the shells of its first screens as
 * `<template data-oa-shell="…">` elements; the server puts the one of the address asked for into `#root`, filled in
 * with the site's own texts, so a phone sees the login form or the list's frame before any script has run (the page
 * allows no inline script: the server, not the browser, picks the shell). Every variant is made once, at start-up.
 */

export interface PhoneTexts {
  siteTitle: string;
  supportPhone: string;
}

/** The lists of the bottom tab bar that have a shell: their address under /oa/m, title and waiting line. */
const LISTS = {
  todo: { path: '', title: '待办', wait: '正在读取您的待办，请稍候…' },
  done: { path: '/done', title: '已办', wait: '正在读取您的已办，请稍候…' },
  cc: { path: '/cc', title: '抄送我的', wait: '正在读取抄送给您的事项，请稍候…' },
  mine: { path: '/mine', title: '我的申请', wait: '正在读取您的申请，请稍候…' },
} as const;

const TEMPLATE = /<template data-oa-shell="([a-z]+)">([\s\S]*?)<\/template>\s*/g;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const fill = (shell: string, values: Record<string, string>) =>
  shell.replace(/\{\{([a-zA-Z:]+)\}\}/g, (_m, key: string) => escapeHtml(values[key] ?? ''));

/**
 * The page for each address of the phone app (a path under /oa/m, no query): the login's and the four lists' with
 * their shell, any other address the page without one (the app renders it). A page without templates is kept as is.
 */
export function phonePages(html: string, texts: PhoneTexts): (path: string) => string {
  const shells = new Map<string, string>();
  for (const m of html.matchAll(TEMPLATE)) shells.set(m[1], m[2].trim());
  const bare = html.replace(TEMPLATE, '').replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(texts.siteTitle)}</title>`);
  const withShell = (shell: string | undefined) =>
    shell ? bare.replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`) : bare;
  const pages = new Map<string, string>();
  const login = shells.get('login');
  if (login) {
    const supportLine = texts.supportPhone ? `\u3000联系电话：${texts.supportPhone}` : '';
    pages.set('/login', withShell(fill(login, { siteTitle: texts.siteTitle, supportLine })));
  }
  const list = shells.get('list');
  if (list) {
    for (const [kind, l] of Object.entries(LISTS)) {
      const on = Object.fromEntries(Object.keys(LISTS).map((k) => [`on:${k}`, k === kind ? 'm-shell-on' : '']));
      const page = withShell(fill(list, { title: l.title, wait: l.wait, ...on }));
      pages.set(l.path, page);
      pages.set(`${l.path}/`, page);
    }
  }
  const other = withShell(undefined);
  return (path) => pages.get(path) ?? other;
}
