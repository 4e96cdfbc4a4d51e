// @vitest-environment jsdom
// '/cargo_volunteer' in Spanish (issue 21) against a real server: title, table and back
// button in Spanish, none of the 'volunteer' catalogue's English texts left.
import '../offline/support/fake-db.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { startSecureSession } from '#client/api/api-client';
import { activateLanguage } from '#client/i18n/language-choice';
import { CargoVolunteerPage } from '#client/features/volunteer/cargo-volunteer-page.tsx';
import type { TestServer } from '../../support/build-app.ts';
import { createCatalogueItem } from '../../support/factories.ts';
import { startClientServer } from '../support/client-server.ts';
import { renderPage } from '../support/render-page.tsx';
import { englishLeft } from './english-left.ts';

let server: TestServer;
const jsdomArrayBuffer = globalThis.ArrayBuffer;

beforeAll(async () => {
  // Node's ArrayBuffer for the server in this jsdom test, so Fastify sends the catalogue's
  // ready-made Buffer reply as bytes (cargo-volunteer-page.test.tsx says more).
  globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;
  server = await startClientServer();
  await startSecureSession();
  await createCatalogueItem(server.app.ctx.opened.db, { name: 'Gauze', quantity: 4 });
});

afterAll(async () => {
  await server.close();
  globalThis.ArrayBuffer = jsdomArrayBuffer;
});

afterEach(async () => {
  cleanup();
  await activateLanguage('en');
});

describe('cargo volunteer page in Spanish', () => {
  it('shows its title, table and back button in Spanish', async () => {
    await activateLanguage('es');
    renderPage('/cargo_volunteer', CargoVolunteerPage);
    expect(await screen.findByRole('heading', { name: 'Inventario de carga' })).toBeDefined();
    await screen.findByRole('rowheader', { name: /^Gauze/ }, { timeout: 10_000 });
    for (const name of ['Nombre', 'Categoría', 'Existencias totales', 'Estado']) {
      expect(screen.getByRole('columnheader', { name })).toBeDefined();
    }
    expect(screen.getByRole('region', { name: 'Tabla del inventario' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Volver al panel' })).toBeDefined();

    expect(englishLeft('volunteer')).toEqual([]);
  });
});
