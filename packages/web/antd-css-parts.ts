import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { splitStylesheet } from './src/lib/css-split.ts';

/** The module both entries (desktop and phone) import: the URLs of antd's stylesheet in parts, in order. */
export const ANTD_CSS_PARTS_ID = 'virtual:antd-css-parts';
const RESOLVED = `\0${ANTD_CSS_PARTS_ID}`;
/** Files of the build that hold the parts (sw-shell keeps them for the phone app without a network). */
export const ANTD_CSS_PART_FILE = /^assets\/antd-part-\d+-[0-9a-f]+\.css$/;

/**
 * antd's static stylesheet (zeroRuntime, 1 MB) as a few files instead of one (issue 34): a browser parses each
 * stylesheet in a task of its own when it arrives, so the 1 MB no longer blocks the main thread in one long task.
 * `virtual:antd-css-parts` gives their URLs, in cascade order; each entry (desktop main.tsx, phone phone-main.tsx)
 * links them before any of the app's own stylesheets (lib/antd-styles.ts). In the dev server the module imports
 * antd's stylesheet whole and gives no URL.
 */
export function antdCssParts(parts = 6): Plugin {
  let build = false;
  let base = '/';
  let files: { fileName: string; source: string }[] = [];
  return {
    name: 'oa-antd-css-parts',
    configResolved(config) {
      build = config.command === 'build';
      base = config.base;
      if (!build) return;
      const css = fs.readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8');
      files = splitStylesheet(css, parts).map((source, i) => {
        const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 8);
        return { fileName: `assets/antd-part-${i + 1}-${hash}.css`, source };
      });
    },
    resolveId(id) {
      return id === ANTD_CSS_PARTS_ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      if (!build) return `import 'antd/dist/antd.css';\nexport default [];`;
      return `export default ${JSON.stringify(files.map((f) => `${base}${f.fileName}`))};`;
    },
    generateBundle() {
      for (const f of files) this.emitFile({ type: 'asset', fileName: f.fileName, source: f.source });
    },
  };
}
