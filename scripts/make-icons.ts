// Renders the PWA icons from public/favicon.svg with sharp. The PNGs are committed; run
// `npx tsx scripts/make-icons.ts` after changing the SVG. Chromium wants at least 144 px to
// call the app installable; 'maskable' icons keep the mark inside the central 80 % circle,
// so the full-bleed one gets a plain brand background and a smaller mark.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'public/favicon.svg'));
const outDir = path.join(root, 'public/icons');
const BRAND = '#0f5c4d';

async function plain(size: number, name: string): Promise<void> {
  await sharp(svg, { density: 384 }).resize(size, size).png().toFile(path.join(outDir, name));
}

async function maskable(size: number, name: string): Promise<void> {
  const mark = await sharp(svg, { density: 384 })
    .resize(Math.round(size * 0.7), Math.round(size * 0.7))
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: mark, gravity: 'center' }])
    .png()
    .toFile(path.join(outDir, name));
}

fs.mkdirSync(outDir, { recursive: true });
await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await plain(180, 'apple-touch-icon.png');
await maskable(512, 'icon-maskable-512.png');
process.stdout.write(`icons written to ${path.relative(root, outDir)}\n`);
