import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The web app lives in src/web and builds to dist/web, which the Fastify server serves (index.html fallback).
// `build.manifest` lets bench/bundle-size.ts measure the JavaScript each route loads.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // Each build's own id: the persisted query cache of an older build is dropped, not restored (app/providers.tsx).
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(Date.now().toString(36)) },
  plugins: [
    react(),
    tailwindcss(),
    // The app shell offline (issue 18): a service worker precaches the built files (every route chunk and both
    // languages), so a page opened before opens again without a network. It never caches /api/*: offline data comes
    // from the query cache persisted in IndexedDB (app/providers.tsx), which says how old it is.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false, // registered in main.tsx, production builds only
      manifest: {
        name: 'HeatRank',
        short_name: 'HeatRank',
        description: 'Web3 project heat rankings',
        lang: 'zh',
        theme_color: '#0f172a',
        background_color: '#ffffff',
        display: 'standalone',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
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
