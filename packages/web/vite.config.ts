import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdCssParts } from './antd-css-parts.ts';
import { precompress } from './precompress.ts';
import { swShell } from './sw-shell.ts';

/**
 * The first loads of the two apps, as `{ host, file }`: the chunk holding a dynamic import and the chunk it imports.
 * The phone app's start chunk, asked for by its page's entry, and its first screens' chunks (the login form, the
 * lists' frame), asked for by the start chunk (issue 34). The desktop's router, asked for by its entry, and 首页's
 * frame and page, asked for by the router's guard and the page registry (issue 35).
 */
const FIRST_LOADS = [
  { host: /^assets\/phone-[\w-]{8}\.js$/, file: /^assets\/phone-start-/ },
  { host: /^assets\/phone-app-/, file: /^assets\/(login-page|phone-frame)-/ },
  { host: /^assets\/main-/, file: /^assets\/router-/ },
  { host: /^assets\/(router|route-registry)-/, file: /^assets\/(app-layout|tab-views|page-loader|home-page)-/ },
];

/**
 * Vite's dynamic imports add a `<link rel="modulepreload">` for each file the imported chunk needs, all in the task that
 * imports it: each link starts a request, ~1–2 ms of main thread apiece on a phone (4× CPU), so 25–70 of them made a long
 * task of the phone entry's and of the start chunk's evaluation; the desktop's frame needs 112 files, 首页 82, and their
 * links were 20–50 ms of one task each right after the first paint (blocking time). For those imports, only the
 * stylesheets are kept: the browser finds the chunks' own imports as each arrives, one short task per file (a request
 * or two deeper; the screen meanwhile shows the page's shell). Every other import keeps its preloads.
 */
function firstLoads(file: string, deps: string[], { hostId }: { hostId: string }): string[] {
  const first = FIRST_LOADS.some((p) => p.host.test(hostId) && p.file.test(file));
  return first ? deps.filter((d) => d.endsWith('.css')) : deps;
}

// The app is served under /oa/ (spec §2); the API lives under /oa/api on the same origin.
export default defineConfig({
  base: '/oa/',
  plugins: [react(), antdCssParts(), swShell(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts reads it: the JS+CSS each route loads
    manifest: true,
    // the two apps' first loads: no preload links (see firstLoads)
    modulePreload: { resolveDependencies: firstLoads },
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // two pages: the app (index.html) and the phone app's own (m/index.html: its shell, no render-blocking stylesheet)
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        phone: fileURLToPath(new URL('./m/index.html', import.meta.url)),
      },
      output: {
        // echarts and its renderer zrender made one 169 KB (gzip) chunk: apart, every chunk stays under 150 KB
        codeSplitting: { groups: [{ name: 'zrender', test: /[\\/]node_modules[\\/]zrender[\\/]/ }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/oa/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
});
