// The web client's build. SITE_TITLE, CLIENT_ID and CLIENT_AUTH_KEY come from the same
// environment variables the server reads (wire-protocol.md "Operating interface"), so one
// `npm start` builds a client that matches its server.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { compiledCatalogues } from './scripts/lib/catalogue-plugin.ts';
import { startupScreenInHtml } from './scripts/lib/startup-screen-plugin.ts';

const DEFAULTS = {
  SITE_TITLE: 'StreetMed Supply',
  CLIENT_ID: 'streetmed-web',
  CLIENT_AUTH_KEY: 'streetmed-public-client-key',
};

/** The app's version as the device reports it (device health, contracts/devices.ts). */
const APP_VERSION = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

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

const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest)$/;

// Brotli and gzip copies of the built text files, next to them (x.js.br, x.js.gz): the server
// sends them as they are (@fastify/static preCompressed), so a phone on a slow link downloads
// a third of the bytes and no request spends CPU compressing.
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name))) {
        const file = path.join(outDir, fileName);
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        // Quality 9: within 8% of the maximum (11), at a twentieth of its build time.
        const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } };
        fs.writeFileSync(`${file}.br`, brotliCompressSync(bytes, brotliOptions));
        fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

// The landing's header (its lazy chunk with the landing page).
const APP_HEADER_MODULES = /src[\\/]client[\\/]ui[\\/](app-header|page-layout|language-menu)\b/;

// The roots of what every signed-in home loads; their static imports come with them. The
// offline layer whole, and the dialog and dashboard parts of the ui the homes share: split
// off, they were a dozen more small files on the client's and guest's home (2.8 KB gzip).
const SIGNED_IN_SHELL_MODULES = new RegExp(
  [
    /src[\\/]client[\\/]shell[\\/]routed-app\.tsx$/,
    /src[\\/]client[\\/]shell[\\/]offline-status[\\/]outbox-status\.tsx$/,
    /src[\\/]client[\\/]offline[\\/]/,
    /src[\\/]client[\\/]ui[\\/](modal|native-dialog|focus-return|dashboard|updated-ago|form-state)\./,
    /src[\\/]client[\\/]session[\\/]logout\.ts$/,
    /src[\\/]client[\\/]ui[\\/]form-message\.tsx$/,
    /src[\\/]shared[\\/]contracts[\\/]checks[\\/]check\.ts$/,
    /node_modules[\\/](@tanstack|dexie|dexie-react-hooks)[\\/]/,
  ]
    .map((re) => re.source)
    .join('|'),
);

const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

// The entry's stylesheet (a few KB) inlined into index.html: the first paint waits for no
// request but the script's. The CSP allows inline styles (never inline scripts).
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(ENTRY_STYLESHEET, (link, fileName: string) => {
          const asset = bundle?.[fileName];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [
    compiledCatalogues(),
    react(),
    VitePWA(pwaOptions(fromEnv('SITE_TITLE'))),
    {
      name: 'site-title',
      transformIndexHtml: (html) => html.replace('%SITE_TITLE%', fromEnv('SITE_TITLE')),
    },
    inlineEntryCss(),
    startupScreenInHtml(),
    precompress(),
  ],
  define: {
    'import.meta.env.VITE_SITE_TITLE': JSON.stringify(fromEnv('SITE_TITLE')),
    'import.meta.env.VITE_CLIENT_ID': JSON.stringify(fromEnv('CLIENT_ID')),
    'import.meta.env.VITE_CLIENT_AUTH_KEY': JSON.stringify(fromEnv('CLIENT_AUTH_KEY')),
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(APP_VERSION),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every module the entry imports statically stays in the entry's one file (the landing's
    // critical path is one request: tests/e2e/build-shape.spec.ts). Left to itself, Rolldown
    // split modules the entry shares with lazy chunks (React, the session user) into common
    // chunks, each a modulepreload on the landing.
    //
    // What every signed-in home loads (the router, the routed shell, Dexie and the offline layer,
    // with all they import) is one chunk, 'app', instead of ~16 small ones: split, each file was
    // gzipped alone and carried its own import/export lines (issue 21: 4.7-4.9 KB gzip less on
    // each home). The header the landing shows is its own small chunk so the landing does not
    // load 'app'. A group takes its matches' static imports too; higher priority picks first.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 10 },
            { name: 'app-header', test: APP_HEADER_MODULES, priority: 5 },
            { name: 'app', test: SIGNED_IN_SHELL_MODULES, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
