/**
 * What the browser downloads (gzip) for the login route, the dashboard after login and the phone app, from the Vite
 * build manifest (`packages/web/dist/.vite/manifest.json`; `npm run build -w @oa/web` writes it): the page's entry,
 * the router and the route's lazy modules with every chunk and stylesheet they import statically.
 * `node --import tsx bench/bundle-size.ts [dist]` prints it alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root, table } from './harness';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

// each route from its page: the app's (index.html) or the phone app's own (m/index.html)
const ROUTES: Record<string, string[]> = {
  登录页: ['index.html', 'src/app/router.tsx', 'src/features/login/login-page.tsx'],
  '登录后首页 (/dashboard)': [
    'index.html',
    'src/app/router.tsx',
    'src/app/page-loader.ts',
    'src/app/layout/app-layout.tsx',
    'src/app/layout/tab-views.tsx',
    'src/app/home/home-page.tsx',
    'src/app/feedback-host.tsx',
  ],
  // the phone app's login and lists (issue 34): its own page and start chunk, the lists' frame a chunk of its own
  '手机登录页 (/oa/m/login)': [
    'm/index.html',
    'src/app/phone/phone-start.tsx',
    'src/features/login/login-page.tsx',
    'src/app/feedback-host.tsx',
  ],
  '手机待办 (/oa/m/)': ['m/index.html', 'src/app/phone/phone-start.tsx', 'src/app/phone/phone-frame.ts', 'src/app/feedback-host.tsx'],
};

export interface RouteSize {
  route: string;
  files: number;
  rawKb: number;
  gzipKb: number;
  largest: { file: string; gzipKb: number };
  /** whether the route loads zod (and so builds schemas at start): the login, the dashboard and the phone's first
   * screens should not (docs/performance.md) */
  zod: boolean;
}

export function bundleSizes(dist = path.join(root, 'packages/web/dist')): RouteSize[] | null {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) return null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Chunk>;
  const gz = new Map<string, number>();
  const gzipOf = (f: string) => {
    if (!gz.has(f)) gz.set(f, zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length);
    return gz.get(f)!;
  };
  const kb = (n: number) => Math.round(n / 102.4) / 10;
  return Object.entries(ROUTES).map(([route, keys]) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const walk = (k: string) => {
      const c = manifest[k];
      if (!c || seen.has(k)) return;
      seen.add(k);
      files.add(c.file);
      c.css?.forEach((s) => files.add(s));
      c.imports?.forEach(walk);
    };
    keys.forEach(walk);
    const list = [...files];
    const big = list.filter((f) => f.endsWith('.js')).sort((a, b) => gzipOf(b) - gzipOf(a))[0] ?? '';
    return {
      route,
      files: list.length,
      rawKb: kb(list.reduce((s, f) => s + fs.statSync(path.join(dist, f)).size, 0)),
      gzipKb: kb(list.reduce((s, f) => s + gzipOf(f), 0)),
      largest: { file: big, gzipKb: kb(big ? gzipOf(big) : 0) },
      zod: list.some((f) => f.endsWith('.js') && fs.readFileSync(path.join(dist, f), 'utf8').includes('$ZodType')),
    };
  });
}

/** The largest JS chunks of the whole build (gzip KB): any route may load one of them. */
export function largestChunks(dist = path.join(root, 'packages/web/dist'), n = 3): Array<{ file: string; gzipKb: number }> {
  const assets = path.join(dist, 'assets');
  if (!fs.existsSync(assets)) return [];
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({
      file: `assets/${f}`,
      gzipKb: Math.round(zlib.gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length / 102.4) / 10,
    }))
    .sort((a, b) => b.gzipKb - a.gzipKb)
    .slice(0, n);
}

export function bundleReport(dist?: string): string {
  const sizes = bundleSizes(dist);
  if (!sizes) return '\n（没有 Vite 构建清单：先运行 npm run build -w @oa/web）\n';
  const rows = sizes.map((s) => [
    s.route,
    String(s.files),
    String(s.rawKb),
    String(s.gzipKb),
    `${s.largest.file} ${s.largest.gzipKb}`,
    s.zod ? '是' : '否',
  ]);
  const big = largestChunks(dist)
    .map((c) => `${c.file} ${c.gzipKb}`)
    .join('，');
  return `${table(['路由', '文件数', '原始 KB', 'gzip KB', '最大 JS 块 (gzip KB)', '加载 zod'], rows)}\n整个构建最大的 JS 块（gzip KB）：${big}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.stdout.write(bundleReport(process.argv[2]));
}
