// The production build's landing keeps one entry script and preloads nothing beside it
// (ARCHITECTURE.md "Keep the entry one file"): an import in a lazy screen once made Rolldown
// split six shared chunks out of the entry, each a modulepreload on the landing's critical path.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

describe('the production build', () => {
  it('loads the landing from one entry script with no module preloads', () => {
    const html = fs.readFileSync(path.join(inject('e2eStaticDir'), 'index.html'), 'utf8');
    expect(html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? []).toEqual([]);
    expect(html.match(/<script[^>]*type="module"[^>]*>/g)).toHaveLength(1);
  });

  it('carries the startup screen in every language, and no inline script', () => {
    const html = fs.readFileSync(path.join(inject('e2eStaticDir'), 'index.html'), 'utf8');
    expect(html).toContain(
      '<p class="startup-text"><span lang="en">Establishing secure connection...</span>' +
        '<span lang="es">Estableciendo una conexión segura...</span></p></div><div id="root"></div>',
    );
    // The CSP allows scripts from 'self' only (DESIGN.md security rules): each has a src.
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(2);
    for (const tag of scripts) expect(tag).toMatch(/ src="\/assets\/[^"]+\.js"/);
  });
});
