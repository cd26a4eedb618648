import type { IndexHtmlTransformContext, Plugin } from 'vite';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = NonNullable<IndexHtmlTransformContext['chunk']>;

/** The phone app's page, and the chunks its first screens load: the start (both), the login form, the lists' frame. */
const PHONE_PAGE = /[\\/]m[\\/]index\.html$/;
const START = /src[\\/]app[\\/]phone[\\/]phone-start\.tsx$/;
const SHELL_CHUNKS: Record<string, RegExp> = {
  login: /src[\\/]features[\\/]login[\\/]login-page\.tsx$/,
  list: /src[\\/]app[\\/]phone[\\/]phone-frame\.ts$/,
};

/** A chunk's file and every chunk it imports statically (what `import()` of it fetches), JS only. */
function closure(bundle: OutputBundle, from: OutputChunk): Set<string> {
  const out = new Set<string>();
  const walk = (fileName: string) => {
    const c = bundle[fileName];
    if (!c || c.type !== 'chunk' || out.has(fileName)) return;
    out.add(fileName);
    c.imports.forEach(walk);
  };
  walk(from.fileName);
  return out;
}

/**
 * The modules of the phone app's first screens, preloaded by the page itself (issue 34): each shell of m/index.html
 * (`<template data-oa-shell="…">`, which the server puts into the page) starts with a `<link rel="modulepreload">` for
 * every chunk the app's start and that screen's chunk import. The browser asks for them while it reads the HTML, before
 * the first paint; before, the entry's `import()` created the ~30 link elements in script, one long task after the
 * first paint (Vite's preload helper skips a chunk the page already links). The page without a shell (an item's page)
 * keeps the helper's way.
 */
export function phonePreload(): Plugin {
  let base = '/';
  return {
    name: 'oa-phone-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!PHONE_PAGE.test(ctx.filename) || !ctx.bundle) return html;
        const bundle = ctx.bundle;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const find = (re: RegExp) => {
          const c = chunks.find((x) => re.test(x.facadeModuleId ?? ''));
          if (!c) throw new Error(`phone-preload: no chunk for ${re}`);
          return c;
        };
        const entry = new Set(ctx.chunk ? closure(bundle, ctx.chunk) : []);
        const start = [...closure(bundle, find(START))].filter((f) => !entry.has(f));
        let out = html;
        for (const [shell, re] of Object.entries(SHELL_CHUNKS)) {
          const files = new Set([...start, ...closure(bundle, find(re))].filter((f) => !entry.has(f)));
          const links = [...files].map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}" />`).join('');
          const open = `<template data-oa-shell="${shell}">`;
          if (!out.includes(open)) throw new Error(`phone-preload: no shell "${shell}" in m/index.html`);
          out = out.replace(open, () => `${open}${links}`);
        }
        return out;
      },
    },
  };
}
