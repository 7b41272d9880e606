import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web and builds to dist/web, which the Fastify server serves (index.html fallback).
// `build.manifest` lets bench/bundle-size.ts measure the JavaScript each route loads.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    sourcemap: process.env.SOURCEMAP === '1',
  },
  server: {
    port: 5173,
    // '/api/', not '/api': a prefix match on '/api' would also send the web app's /api-access page to the server.
    proxy: { '/api/': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  preview: { port: 4173 },
});
