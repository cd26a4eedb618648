import { greetingAt, spokenChinaDate } from '@oa/shared/format/welcome';
import { fillShell, pageShells, supportLine, type SiteTexts } from './page-shells';

/** The addresses that open 首页 (the app's own address is redirected to it): they get its first screen. */
const HOME_PATHS = new Set(['/oa/', '/oa/dashboard', '/oa/dashboard/']);

/**
 * The desktop app's page (the web build's index.html, issue 35): 首页's addresses get its first screen (the frame
 * and the greeting, lib/page-shells.ts) with the greeting and date of the moment asked (China's); every other address
 * the page without it.
 */
export function desktopPages(html: string, texts: SiteTexts): (path: string, at?: number) => string {
  const { shells, withShell } = pageShells(html, texts);
  const other = withShell();
  const home = shells.get('home');
  if (!home) return () => other;
  const site = { siteTitle: texts.siteTitle, supportLine: supportLine(texts) };
  return (path, at = Date.now()) =>
    HOME_PATHS.has(path.toLowerCase())
      ? withShell(fillShell(home, { ...site, greeting: greetingAt(at), today: spokenChinaDate(at) }))
      : other;
}
