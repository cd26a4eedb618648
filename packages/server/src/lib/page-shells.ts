/**
 * First screens put into a page by the server (issues 34 and 35): a built page carries them as
 * `<template data-oa-shell="…">` elements; the server puts the one of the address asked for into `#root`, filled in
 * with the site's own texts, so the screen shows before any script has run (the pages allow no inline script: the
 * server, not the browser, picks the shell).
 */

export interface SiteTexts {
  siteTitle: string;
  supportPhone: string;
}

const TEMPLATE = /<template data-oa-shell="([a-z]+)">([\s\S]*?)<\/template>\s*/g;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A shell with its `{{key}}` places filled in (escaped). */
export const fillShell = (shell: string, values: Record<string, string>) =>
  shell.replace(/\{\{([a-zA-Z:]+)\}\}/g, (_m, key: string) => escapeHtml(values[key] ?? ''));

/** The footer's support line after 技术支持：信息中心. */
export const supportLine = (texts: SiteTexts) => (texts.supportPhone ? `\u3000联系电话：${texts.supportPhone}` : '');

/** A built page's shells by name, and the page without them (its title the site's). */
export function pageShells(html: string, texts: SiteTexts): { shells: Map<string, string>; withShell: (shell?: string) => string } {
  const shells = new Map<string, string>();
  for (const m of html.matchAll(TEMPLATE)) shells.set(m[1], m[2].trim());
  const bare = html.replace(TEMPLATE, '').replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(texts.siteTitle)}</title>`);
  const withShell = (shell?: string) => (shell ? bare.replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`) : bare);
  return { shells, withShell };
}
