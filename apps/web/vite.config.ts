import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api },
  },
  build: {
    // WEB_DIST_DIR (relative to the repo root) lets parallel work build into a folder of its own.
    outDir: process.env.WEB_DIST_DIR ? `../../${process.env.WEB_DIST_DIR}` : 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
});
