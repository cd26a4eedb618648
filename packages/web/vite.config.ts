import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served under /oa/ (spec §2); the API lives under /oa/api on the same origin.
export default defineConfig({
  base: '/oa/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/oa/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
});
