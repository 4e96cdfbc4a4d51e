// @vitest-environment jsdom
// '/cargo_volunteer' against a real server: the read-only inventory with each item's stock
// status (spec sections 2 and 4: 0 is Out, under 5 is Low, otherwise Fine), per size too.
import '../../offline/support/fake-db.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { startSecureSession } from '#client/api/api-client';
import { CargoVolunteerPage } from '#client/features/volunteer/cargo-volunteer-page.tsx';
import type { TestServer } from '../../../support/build-app.ts';
import { createCatalogueItem } from '../../../support/factories.ts';
import { startClientServer } from '../../support/client-server.ts';
import { HOME_MARKER, renderPage } from '../../support/render-page.tsx';

let server: TestServer;
const jsdomArrayBuffer = globalThis.ArrayBuffer;

beforeAll(async () => {
  // The server runs in this jsdom test, where ArrayBuffer is jsdom's: Fastify then fails to
  // recognise the catalogue's ready-made Buffer reply (`payload.buffer instanceof
  // ArrayBuffer`) and sends it as JSON. Node's own ArrayBuffer, as in a real server.
  globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;
  server = await startClientServer();
  await startSecureSession();
  const db = server.app.ctx.opened.db;
  await createCatalogueItem(db, { name: 'Blanket', quantity: 0 });
  await createCatalogueItem(db, { name: 'Gauze', quantity: 4 });
  await createCatalogueItem(db, { name: 'Socks', sizes: { S: 0, M: 3, L: 12 } });
});

afterAll(async () => {
  await server.close();
  globalThis.ArrayBuffer = jsdomArrayBuffer;
});

afterEach(() => {
  cleanup();
});

function row(name: string): HTMLElement {
  const header = screen.getByRole('rowheader', { name: new RegExp(`^${name}`) });
  const tr = header.closest('tr');
  if (tr === null) throw new Error(`no row ${name}`);
  return tr;
}

describe('cargo volunteer page', () => {
  it('lists the inventory with stock status, and goes back to the dashboard', async () => {
    renderPage('/cargo_volunteer', CargoVolunteerPage);
    expect(await screen.findByRole('heading', { name: 'Cargo Volunteer Page' })).toBeDefined();
    await screen.findByRole('rowheader', { name: /^Blanket/ }, { timeout: 10_000 });
    expect(within(row('Blanket')).getByText('Out')).toBeDefined();
    expect(within(row('Gauze')).getByText('Low')).toBeDefined();
    const socks = within(row('Socks'));
    expect(socks.getByText('15')).toBeDefined();
    expect(socks.getAllByText('Fine')).toHaveLength(2); // the total and size L
    expect(socks.getByText('Out')).toBeDefined(); // size S
    expect(socks.getByText('Low')).toBeDefined(); // size M
    expect(screen.queryByRole('button', { name: /add|update|delete/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByText(HOME_MARKER)).toBeDefined();
  });
});
