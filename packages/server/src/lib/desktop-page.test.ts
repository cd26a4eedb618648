import { describe, expect, it } from 'vitest';
import { desktopPages } from './desktop-page';

const HTML = [
  '<!doctype html><title>协会办公平台</title><div id="root"></div>',
  '<template data-oa-shell="home"><b>{{siteTitle}}</b><h2>{{greeting}}</h2><p>今天是 {{today}}</p><i>{{supportLine}}</i></template>',
  '<script type="module" src="/oa/assets/main-1a2b.js"></script>',
].join('\n');

describe('the desktop page', () => {
  const page = desktopPages(HTML, { siteTitle: '某协会<办公>', supportPhone: '010-1234' });
  // 2026-11-29 01:30 UTC: 09:30 in China
  const at = Date.parse('2026-11-29T01:30:00Z');

  it("puts 首页's first screen into its addresses, with China's greeting and date and the site's texts escaped", () => {
    const home = page('/oa/', at);
    expect(home).toContain(
      '<div id="root"><b>某协会&lt;办公&gt;</b><h2>上午好</h2><p>今天是 2026年11月29日 星期日</p><i>　联系电话：010-1234</i></div>',
    );
    expect(home).toContain('<title>某协会&lt;办公&gt;</title>');
    expect(home).not.toContain('<template');
    expect(page('/oa/dashboard', Date.parse('2026-11-29T16:00:00Z'))).toContain('<h2>凌晨好</h2><p>今天是 2026年11月30日 星期一</p>');
  });

  it('gives every other address the page without it', () => {
    for (const path of ['/oa/process/todo', '/oa/login', '/oa/dashboardx'])
      expect(page(path, at)).toContain('<div id="root"></div>\n<script type="module" src="/oa/assets/main-1a2b.js"></script>');
  });
});
