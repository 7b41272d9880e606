import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressBuild } from './scripts/precompress-plugin.ts';

/**
 * zh is the default UI language and main.tsx awaits its texts before the first render: index.html asks for that chunk
 * with the entry's own chunks instead of the entry discovering it after it has run (one round trip less on the
 * critical path). The server swaps in the en chunk for a reader who will start in English
 * (src/server/plugins/first-load-language.ts).
 */
function preloadDefaultLanguage(): Plugin {
  return {
    name: 'heatrank:preload-default-language',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/web/lib/locale-zh.ts'),
        );
        if (!chunk) throw new Error('no chunk for src/web/lib/locale-zh.ts: the zh texts are no longer split out');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

// The web app lives in src/web and builds to dist/web, which the Fastify server serves (index.html fallback).
// `build.manifest` lets bench/bundle-size.ts measure the JavaScript each route loads.
/**
 * react-router 7's package exports only its development build (remix-run/react-router#14102): in a production bundle
 * that means its dev warnings and checks run on every navigation. Builds take the production build it ships beside it.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  root: 'src/web',
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  publicDir: 'public',
  // Each build's own id: the persisted query cache of an older build is dropped, not restored (app/providers.tsx).
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(Date.now().toString(36)) },
  plugins: [
    react(),
    tailwindcss(),
    preloadDefaultLanguage(),
    precompressBuild(),
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
    rolldownOptions: {
      output: {
        // Fewer, larger chunks on the critical path: left alone, Rolldown splits the first page's code into ~35 chunks
        // of a few hundred bytes each (every shared module its own file), and a phone on HTTP/1.1 fetches them six at
        // a time. Everything the entry imports statically goes into one `startup` chunk; code shared by several pages
        // is grouped by the set of pages that use it, small groups merged into their neighbours, so a page still loads
        // only code it uses (roughly) in a handful of files. JSON (the UI texts) and ECharts keep their own chunks:
        // they load per language and only where a chart is.
        codeSplitting: {
          groups: [
            {
              name: 'startup',
              tags: ['$initial'],
              test: (id: string) => !id.endsWith('.json'),
              includeDependenciesRecursively: false,
            },
            {
              // The contract's value lists (`*.values.ts`, a few kB in all) in one chunk of their own: left to the
              // `shared` group, a small one is merged into a neighbour chunk that may hold zod, and brings zod to a page
              // that only needed the list. (A chunk for zod and the schemas too was tried: its imports of shared code
              // made a cycle between chunks, and zod's classes were used before they were defined.)
              name: 'contract-values',
              test: (id: string) => /[\\/]src[\\/]shared[\\/]api[\\/][^\\/]+\.values\.ts$/.test(id),
              includeDependenciesRecursively: false,
            },
            {
              // zod by itself (the library, not our schemas): left to the `shared` group, Rolldown's merging of small
              // groups can put page code the first page needs (the home page's slots) into zod's chunk, and bring zod's
              // 26 kB to a page that parses nothing. zod imports nothing of ours, so this chunk makes no cycle.
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'shared',
              test: (id: string) => !id.endsWith('.json') && !/node_modules[\\/](echarts|zrender)[\\/]/.test(id),
              minShareCount: 2,
              entriesAware: true,
              // Groups under 2 kB join a neighbour. Measured by the bundle bench (2026-11-30, the account menu, footer and
              // sync panel lazy): 3,000 merged the project page's analysis code into a chunk /sectors loads (172 kB
              // gzipped against 148 at 2,000); at 2,000 `/` is 148.9 kB in 22 files, at 0 150.0 in 31. Earlier, 6,000
              // brought the project and sector pages' code (analysis, compare, the alert dialog) to the home page.
              entriesAwareMergeThreshold: 2000,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // '/api/', not '/api': a prefix match on '/api' would also send the web app's /api-access page to the server.
    proxy: { '/api/': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  preview: { port: 4173 },
}));
