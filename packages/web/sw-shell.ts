import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ANTD_CSS_PART_FILE } from './antd-css-parts.ts';

/**
 * The modules whose chunks make the phone app's shell: the entries (the phone page's and the app's, which also opens
 * the phone app on a phone), the phone app's start, its router, the app and its frame with the lists.
 */
const SHELL_ROOTS = [
  /src[\\/]phone-main\.tsx$/,
  /src[\\/]app[\\/]phone[\\/]phone-start\.tsx$/,
  /src[\\/]main\.tsx$/,
  /src[\\/]app[\\/]phone[\\/]phone-router\.tsx$/,
  /src[\\/]app[\\/]phone[\\/]phone-app\.tsx$/,
  /src[\\/]app[\\/]phone[\\/]phone-frame\.ts$/,
];
/** Files of public/ that the installed phone app shows without a network. */
const PUBLIC_FILES = ['favicon.svg', 'm/manifest.webmanifest', 'm/icon-192.png', 'm/icon-512.png'];
const MARK = /\/\* shell \*\/ null; \/\* end shell \*\//;

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The chunk files of the roots and everything they import statically, with their CSS. */
export function shellFiles(bundle: Record<string, ChunkLike>): string[] {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const out = new Set<string>();
  const walk = (c: ChunkLike | undefined) => {
    if (!c || out.has(c.fileName)) return;
    out.add(c.fileName);
    c.viteMetadata?.importedCss.forEach((css) => out.add(css));
    c.imports?.forEach((f) => walk(byName.get(f)));
  };
  chunks.filter((c) => SHELL_ROOTS.some((r) => r.test(c.facadeModuleId ?? ''))).forEach(walk);
  // antd's stylesheet in parts, which the phone's entry links itself (antd-css-parts.ts)
  Object.values(bundle)
    .filter((a) => a.type === 'asset' && ANTD_CSS_PART_FILE.test(a.fileName))
    .forEach((a) => out.add(a.fileName));
  return [...out].sort();
}

/**
 * Writes the phone app's shell into the built service worker (public/sw.js → dist/sw.js): the files it keeps for use
 * without a network, and a version from their hashed names, so that a new build installs a new worker and shell.
 */
export function swShell(): Plugin {
  let outDir = 'dist';
  let base = '/';
  let files: string[] = [];
  return {
    name: 'oa-sw-shell',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    generateBundle(_options, bundle) {
      files = shellFiles(bundle as unknown as Record<string, ChunkLike>);
      if (!files.some((f) => f.includes('phone-router'))) this.error('sw-shell: the phone router chunk was not found');
    },
    writeBundle() {
      const swFile = path.join(outDir, 'sw.js');
      const urls = [...files, ...PUBLIC_FILES].map((f) => `${base}${f}`);
      const version = crypto.createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 12);
      const source = fs.readFileSync(swFile, 'utf8');
      if (!MARK.test(source)) this.error('sw-shell: the shell mark is missing in public/sw.js');
      fs.writeFileSync(swFile, source.replace(MARK, `${JSON.stringify({ version, files: urls })};`));
    },
  };
}
