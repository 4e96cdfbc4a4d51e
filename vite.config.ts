// The web client's build. SITE_TITLE, CLIENT_ID and CLIENT_AUTH_KEY come from the same
// environment variables the server reads (wire-protocol.md "Operating interface"), so one
// `npm start` builds a client that matches its server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const DEFAULTS = {
  SITE_TITLE: 'StreetMed Supply',
  CLIENT_ID: 'streetmed-web',
  CLIENT_AUTH_KEY: 'streetmed-public-client-key',
};

function fromEnv(name: keyof typeof DEFAULTS): string {
  const value = process.env[name];
  return value === undefined || value === '' ? DEFAULTS[name] : value;
}

export default defineConfig({
  plugins: [
    react(),
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
