import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// With the extension Vite's config loader asks for ('.js' resolves to the .ts file).
import { PATH_ALIASES } from './scripts/path-aliases.js';
import { firstScreenChunks, precompressAssets } from './scripts/web-build-plugins.js';

const API_PORT = Number(process.env.PORT ?? 3000);
const packageJson = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

export default defineConfig({
  root: 'src/web',
  resolve: { alias: PATH_ALIASES },
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // Registered by src/web/app/service-worker.ts (so a failure is only logged:
      // docs/product.md, "Tema, instalação e service worker").
      injectRegister: false,
      registerType: 'autoUpdate',
      filename: 'sw.js',
      manifest: {
        name: 'Prontu',
        short_name: 'Prontu',
        description: 'Assistente clínico para médicos brasileiros',
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The app shell only. Patient data never goes into a cache: /api is always the network.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Pages come from the network, each with its own CSP nonce; the precached shell is only
        // the fallback when there is no network (it then reuses the nonce it was cached with).
        navigateFallback: null,
        // ...and '/' must not be answered as the precached index.html either.
        directoryIndex: '',
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
    // What a signed-in doctor's first screen loads lazily: the server preloads it in the page.
    firstScreenChunks(['app/workspace-page.tsx', 'features/chat/chat-view.tsx']),
    precompressAssets(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${API_PORT}` } },
  },
});
