import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * The CJK font a PDF is set in (red-header documents, weekly reports). Looked up in order:
 *  1. the folder OA_FONT_DIR (the association's licensed fonts: 方正小标宋, 仿宋_GB2312, 楷体, 黑体 …),
 *  2. the system's free CJK fonts (Debian fonts-noto-cjk: Noto Serif CJK for 宋/仿宋, Noto Sans CJK for 黑体),
 *  3. Noto Sans SC shipped through npm (@openfonts/noto-sans-sc_all), so a fresh machine renders
 *     Chinese after `npm start` alone.
 * kind: 'title' (小标宋 for banners and titles), 'body' (仿宋), 'kai' (楷体: signer names, 2nd-level
 * headings), 'hei' (黑体: secret level, urgency, 1st-level headings).
 */
export type CjkFontKind = 'title' | 'body' | 'kai' | 'hei';

/** File names (lower case, without extension) of the licensed fonts an association may drop in OA_FONT_DIR, best first. */
const LICENSED: Record<CjkFontKind, string[]> = {
  title: ['fzxbsjw', 'fzxiaobiaosong-b05s', '方正小标宋简体', '方正小标宋_gbk', 'xiaobiaosong', 'simsun', 'songti', 'stsong'],
  body: ['fangsong_gb2312', '仿宋_gb2312', 'fangsong', 'simfang', '仿宋', 'stfangso'],
  kai: ['kaiti_gb2312', '楷体_gb2312', 'kaiti', 'simkai', '楷体', 'stkaiti'],
  hei: ['simhei', '黑体', 'heiti', 'stheiti'],
};

const SYSTEM: Record<CjkFontKind, string[]> = {
  title: ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc', '/usr/share/fonts/opentype/noto/NotoSerifCJK-Black.ttc'],
  body: ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc'],
  kai: ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc'],
  hei: ['/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'],
};
const NPM_WEIGHT: Record<CjkFontKind, string> = { title: '700', body: '400', kai: '400', hei: '700' };
const FONT_EXT = ['.ttf', '.otf', '.ttc', '.woff', '.woff2'];

interface CjkFont {
  path: string;
  /** the face inside a collection (.ttc), e.g. 'Noto Serif CJK SC Bold' */
  family?: string;
  source: 'configured' | 'system' | 'npm';
}

const cache = new Map<CjkFontKind, CjkFont>();

function fromFolder(dir: string, kind: CjkFontKind): string | null {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return null;
  }
  const fonts = names.filter((n) => FONT_EXT.includes(path.extname(n).toLowerCase()));
  for (const want of LICENSED[kind]) {
    const hit = fonts.find((n) => path.basename(n, path.extname(n)).toLowerCase() === want);
    if (hit) return path.join(dir, hit);
  }
  return null;
}

/** The PostScript name of the Simplified Chinese face inside a Noto CJK collection. */
function ttcFamily(p: string): string | undefined {
  const m = /Noto(Serif|Sans)CJK-(Regular|Bold|Black)\.ttc$/.exec(p);
  return m ? `Noto${m[1]}CJKsc-${m[2]}` : undefined;
}

function npmFont(kind: CjkFontKind): string {
  const req = createRequire(import.meta.url);
  const pkg = path.dirname(req.resolve('@openfonts/noto-sans-sc_all/package.json'));
  return path.join(pkg, 'files', `noto-sans-sc-all-${NPM_WEIGHT[kind]}.woff`);
}

/** The font file for a kind (cached; OA_FONT_DIR is read at first use). */
export function cjkFont(kind: CjkFontKind): CjkFont {
  const hit = cache.get(kind);
  if (hit) return hit;
  let found: CjkFont | null = null;
  const dir = process.env.OA_FONT_DIR;
  if (dir) {
    const p = fromFolder(dir, kind);
    if (p) found = { path: p, source: 'configured' };
  }
  if (!found && process.env.OA_FONT_SYSTEM !== 'off') {
    const p = SYSTEM[kind].find((f) => fs.existsSync(f));
    if (p) found = { path: p, family: ttcFamily(p), source: 'system' };
  }
  found ??= { path: npmFont(kind), source: 'npm' };
  cache.set(kind, found);
  return found;
}
