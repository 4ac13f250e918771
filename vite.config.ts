import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_BRANDING } from './src/domain/shared/constants';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|ico)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build (after the service
 * worker is generated), so the server sends them as they are (server/http/static.ts) instead of
 * compressing on each request. Source maps and files under 1 KB are left alone.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'werkpad:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
            const full = path.join(dir, entry.name);
            return entry.isDirectory() ? walk(full) : [full];
          });
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
          const content = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }));
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/**
 * `<file>.json?signin`: a second instance of a locale file as an ES module with one named export per
 * top-level key, so the entry keeps only the parts it imports (src/i18n/sign-in-texts.ts) while the
 * whole file stays in the lazily loaded chunk (src/i18n/nl-texts.ts). Rolldown types modules by
 * extension and would not read the query-suffixed id as JSON. vitest.config.ts uses it too.
 */
export function jsonInstances(): Plugin {
  return {
    name: 'werkpad:json-instances',
    enforce: 'pre',
    load(id) {
      const [file, query = ''] = id.split('?');
      if (!file?.endsWith('.json') || !new URLSearchParams(query).has('signin')) return null;
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const keys = Object.keys(texts).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key));
      // `const part0 = …; export { part0 as export }`: keys may be reserved words.
      return [
        ...keys.map((key, i) => `const part${i} = ${JSON.stringify(texts[key])};`),
        `export { ${keys.map((key, i) => `part${i} as ${key}`).join(', ')} };`,
        `export default { ${keys.map((key, i) => `${JSON.stringify(key)}: part${i}`).join(', ')} };`,
      ].join('\n');
    },
  };
}

/**
 * The sign-in route's own chunks (its code-split component and what it imports) are announced in
 * index.html as modulepreload, so a first visit to /login fetches them with the entry instead of
 * one round trip later, after the router has matched the route. Their stylesheets (auth.css, 2 KB)
 * are linked as stylesheets: vite's loader of the lazy route waits for a chunk's CSS before it
 * renders the route and skips a stylesheet the page already has, so the redirect to Login (the
 * offline unlock after a browser restart, issue 25) no longer waits for one more file after it.
 */
function preloadSignInRoute(): Plugin {
  return {
    name: 'werkpad:preload-sign-in',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const route = chunks.find((c) => c.moduleIds.some((id) => id.includes('/src/routes/login/{-$request}.tsx') && id.includes('tsr-split')));
        if (!route) return html;
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const wanted = new Set<string>();
        const visit = (fileName: string) => {
          if (wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const next of byFile.get(fileName)?.imports ?? []) visit(next);
        };
        visit(route.fileName);
        const tags = [...wanted]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' as const }));
        const styles = new Set([...wanted].flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]));
        const styleTags = [...styles]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' as const }));
        return { html, tags: [...tags, ...styleTags] };
      },
    },
  };
}

/**
 * The public frame's header (brand mark and name) is in index.html's #root, so the first paint
 * does not wait for the JavaScript; React replaces it when it renders (createRoot clears #root).
 */
function bootHeader(): Plugin {
  const header =
    '<div class="public-frame"><header class="public-frame__header"><span class="logo">' +
    '<svg class="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="currentColor" opacity="0.16"/>' +
    '<path d="M6 10l4.5 13L16 12l5.5 11L26 10" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>' +
    '<span class="logo__name">Werkpad</span></span></header></div>';
  return {
    name: 'werkpad:boot-header',
    transformIndexHtml: (html) => html.replace('<div id="root"></div>', `<div id="root">${header}</div>`),
  };
}

/** The version this build is (the remote-config check compares it with the server's): see server/app-version.ts. */
const APP_VERSION = process.env.WERKPAD_APP_VERSION?.trim() || (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;

export default defineConfig({
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(APP_VERSION),
    // Only the bench's baseline build stores the replica unsealed (tests/bench/run.ts, issue 36): elsewhere
    // false, and the branch is dropped from the bundle.
    __WERKPAD_BENCH_UNSEALED__: JSON.stringify(process.env.WERKPAD_BENCH_UNSEALED === '1'),
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // Workbox serves the app shell only: replicated data lives in IndexedDB and writes go through the
    // sync worker's outbox, so there is no runtime caching of /api and no Background Sync.
    VitePWA({
      strategies: 'generateSW',
      filename: 'service-worker.js',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'pwa/apple-touch-icon.png'],
      manifest: {
        name: 'Werkpad',
        short_name: 'Werkpad',
        description: 'Werkplannen, berichten en loonwaardemetingen, ook zonder verbinding.',
        lang: 'nl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: DEFAULT_BRANDING.primaryColor,
        background_color: DEFAULT_BRANDING.mainMenuBackgroundColor,
        icons: [
          { src: '/pwa/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        importScripts: ['/push-sw.js'],
      },
    }),
    jsonInstances(),
    bootHeader(),
    preloadSignInRoute(),
    precompress(),
  ],
  worker: { format: 'es' },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    // Browser tests build into their own folder so parallel runs never overwrite each other's dist.
    outDir: process.env.WERKPAD_BUILD_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically runs at every start anyway: one file for it instead of
        // ~25 shared chunks, each a request the service worker answers before the first screen (the
        // offline start after a browser restart, issue 25). Lazily loaded code keeps its own chunks.
        codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }] },
      },
    },
  },
});
