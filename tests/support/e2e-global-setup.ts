// e2e only: builds the production web app once per test run into a temp folder (never the
// repo's dist/, which other people use) and provides its path to the specs as 'e2eStaticDir'.
// E2E_STATIC_DIR=<a folder with index.html> skips the build (handy while writing specs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');

function viteBuild(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    const child = spawn(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      // The test servers use the default handshake key and client id: so must the build,
      // whatever the shell running the tests has set (vite.config.ts treats '' as unset).
      // NODE_ENV: vitest sets 'test', which the build inherited, so the e2e build shipped
      // React's development bundle (homes ~80 KB gzip heavier than `npm run build`'s).
      {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          CLIENT_ID: '',
          CLIENT_AUTH_KEY: '',
          SITE_TITLE: '',
        },
      },
    );
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build for the e2e tests exited with ${String(code)}`));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => void> {
  const given = process.env.E2E_STATIC_DIR;
  if (given !== undefined && given !== '') {
    const dir = path.resolve(given);
    if (!fs.existsSync(path.join(dir, 'index.html'))) {
      throw new Error(`E2E_STATIC_DIR=${dir} holds no index.html`);
    }
    project.provide('e2eStaticDir', dir);
    return () => undefined;
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-e2e-build-'));
  try {
    await viteBuild(outDir);
  } catch (error) {
    fs.rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('e2eStaticDir', outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eStaticDir: string;
  }
}
