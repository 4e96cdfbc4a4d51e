// The web client's build. SITE_TITLE, CLIENT_ID and CLIENT_AUTH_KEY come from the same
// environment variables the server reads (wire-protocol.md "Operating interface"), so one
// `npm start` builds a client that matches its server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';

const DEFAULTS = {
  SITE_TITLE: 'StreetMed Supply',
  CLIENT_ID: 'streetmed-web',
  CLIENT_AUTH_KEY: 'streetmed-public-client-key',
};

function fromEnv(name: keyof typeof DEFAULTS): string {
  const value = process.env[name];
  return value === undefined || value === '' ? DEFAULTS[name] : value;
}

// The installable PWA (DESIGN.md offline rule 5): the worker's source is sw/sw.ts, built as a
// classic (iife) worker that every browser runs; updates wait for the user ('prompt').
function pwaOptions(siteTitle: string): Partial<VitePWAOptions> {
  return {
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false, // src/client/offline/service-worker.ts registers it (no inline script)
    injectManifest: {
      rollupFormat: 'iife',
      // The manifest and its icons are added by the plugin itself (includeManifestIcons).
      globPatterns: ['**/*.{js,css,html,svg}'],
    },
    includeAssets: ['icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: siteTitle,
      short_name: siteTitle.length <= 12 ? siteTitle : 'StreetMed',
      description: 'Order medical supplies for delivery, volunteer on outreach rounds.',
      theme_color: '#0f5c4d',
      background_color: '#f5f7f6',
      display: 'standalone',
      start_url: '/',
      scope: '/',
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
  };
}

export default defineConfig({
  plugins: [
    react(),
    VitePWA(pwaOptions(fromEnv('SITE_TITLE'))),
    {
      name: 'site-title',
      transformIndexHtml: (html) => html.replace('%SITE_TITLE%', fromEnv('SITE_TITLE')),
    },
  ],
  define: {
    'import.meta.env.VITE_SITE_TITLE': JSON.stringify(fromEnv('SITE_TITLE')),
    'import.meta.env.VITE_CLIENT_ID': JSON.stringify(fromEnv('CLIENT_ID')),
    'import.meta.env.VITE_CLIENT_AUTH_KEY': JSON.stringify(fromEnv('CLIENT_AUTH_KEY')),
  },
  build: { outDir: 'dist', sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
