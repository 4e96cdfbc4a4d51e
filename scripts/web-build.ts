// The production web build and its freshness stamp, shared by `npm start` (which rebuilds dist/
// when it is stale) and the browser benchmarks (which reuse dist/ only when it is fresh).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST_DIR = path.join(ROOT, 'dist');

const BUILD_INPUTS = [
  'src/client',
  'src/shared',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];
const BUILD_ENV = ['SITE_TITLE', 'CLIENT_ID', 'CLIENT_AUTH_KEY'];
const STAMP_FILE = '.build-stamp';

function newestMtime(entry: string): number {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Changes whenever a build input or a build-time environment variable changes. */
export function currentBuildStamp(): string {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) hash.update(`${input}:${newestMtime(input)}\n`);
  for (const name of BUILD_ENV) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  return hash.digest('hex');
}

/** Whether outDir holds a build of the current sources for the current environment. */
export function isBuildFresh(outDir: string = DIST_DIR): boolean {
  const stampFile = path.join(outDir, STAMP_FILE);
  return fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === currentBuildStamp();
}

/** `vite build` into outDir (stamped), output inherited; false when the build failed. */
export function buildWeb(outDir: string = DIST_DIR, logLevel = 'info'): boolean {
  const stamp = currentBuildStamp();
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', logLevel],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) return false;
  fs.writeFileSync(path.join(outDir, STAMP_FILE), stamp);
  return true;
}
