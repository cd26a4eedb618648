import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdCssParts } from './antd-css-parts.ts';
import { precompress } from './precompress.ts';
import { swShell } from './sw-shell.ts';

// The app is served under /oa/ (spec §2); the API lives under /oa/api on the same origin.
export default defineConfig({
  base: '/oa/',
  plugins: [react(), antdCssParts(), swShell(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts reads it: the JS+CSS each route loads
    manifest: true,
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
