// `npm start`: builds the web client when the build is missing or older than its sources (or
// was built for other SITE_TITLE / CLIENT_ID / CLIENT_AUTH_KEY values), then starts the server.
// A fresh clone needs nothing else: the SQLite file and the first admin are made on first start.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
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
const stampFile = path.join(root, 'dist', '.build-stamp');

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function currentStamp(): string {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) hash.update(`${input}:${newestMtime(input)}\n`);
  for (const name of BUILD_ENV) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  return hash.digest('hex');
}

const stamp = currentStamp();
const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
if (built !== stamp) {
  process.stdout.write('Building the web app…\n');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, stamp);
}

await import('../src/server/main.ts');
