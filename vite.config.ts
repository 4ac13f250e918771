import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_BRANDING } from './src/domain/shared/constants';

export default defineConfig({
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
  },
});
