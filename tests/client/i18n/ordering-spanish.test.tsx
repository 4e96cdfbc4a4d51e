// @vitest-environment jsdom
// The ordering screens in Spanish (issue 21, beyond-spec.md section 4): the client's home with
// the catalogue, an item's dialog and the cart, and the order history, against a real server.
// Each shows the 'ordering' catalogue's Spanish and none of its English, numbers beside nouns
// agree in Spanish ("Quedan 5 disponibles"), and the history's times are written in Spanish.
import '../offline/support/fake-db.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ClientHome } from '#client/features/ordering/homes/client-home.tsx';
import { OrderHistoryPage } from '#client/features/orders/order-history-page.tsx';
import { activateLanguage } from '#client/i18n/language-choice';
import { getAppDb } from '#client/offline/app-db';
import { refreshListReporting } from '#client/offline/list-refresh';
import { getRememberedUser } from '#client/offline/session-user-store';
import { setSessionUser } from '#client/session/session-user';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignedInUser,
} from '../../support/factories.ts';
import { sendLoginCookie } from '../support/browser-cookie.ts';
import { useClientServer } from '../support/client-server.ts';
import { renderPage } from '../support/render-page.tsx';
import { englishLeft } from './english-left.ts';

const WAIT = { timeout: 10_000 };

// The server runs in this jsdom test, where ArrayBuffer is jsdom's: Fastify would not know the
// catalogue's ready-made Buffer reply and send it as JSON bytes (as cargo-volunteer-page.test).
const jsdomArrayBuffer = globalThis.ArrayBuffer;
beforeAll(() => {
  globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;
});
afterAll(() => {
  globalThis.ArrayBuffer = jsdomArrayBuffer;
});

const { db } = useClientServer({
  offlineEngine: true,
  afterEachTest: async () => {
    setSessionUser(null);
    vi.restoreAllMocks(); // the login cookie's fetch

    await activateLanguage('en');
    const device = getAppDb();
    await Promise.all([
      device.outbox.clear(),
      device.myOrders.clear(),
      device.catalogue.clear(),
      device.syncMeta.clear(),
    ]);
  },
});

afterEach(async () => {
  await activateLanguage('en');
});

/**
 * A client signed in on this device (once the device has taken them in), reading Spanish.
 * What the test makes for them comes first: the device's first pass then brings it.
 */
async function spanishClient(prepare: (userId: number) => Promise<unknown> = async () => null) {
  const client = await createSignedInUser(db(), { role: 'CLIENT', password: null });
  await prepare(client.id);
  sendLoginCookie(client.cookie);
  setSessionUser({ ...client, userId: client.id, role: 'CLIENT' });
  await vi.waitFor(async () => {
    expect((await getRememberedUser(getAppDb()))?.userId).toBe(client.id);
  }, WAIT);
  await activateLanguage('es');
  return client;
}

describe('ordering in Spanish', () => {
  it('the client home, the catalogue, an item and the cart speak Spanish', async () => {
    const item = await createCatalogueItem(db(), { name: 'Vendas', quantity: 5, maxPerOrder: 3 });
    const client = await spanishClient();
    // The device's copy has the item before the home opens.
    expect(await refreshListReporting('catalogue', null)).toBeNull();
    renderPage('/', ClientHome);

    expect(await screen.findByText(`¡Hola, ${client.username}!`, {}, WAIT)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Carrito (0)' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: /Hacer un pedido nuevo/ }));
    expect(await screen.findByRole('heading', { name: 'Artículos disponibles' })).toBeDefined();
    const card = await screen.findByRole('button', { name: item.name }, WAIT);
    expect(card.textContent).toContain('Existencias totales: 5');
    expect(card.textContent).toContain('máx. 3 por pedido');
    expect(englishLeft('ordering')).toEqual([]);

    fireEvent.click(card);
    const dialog = await screen.findByRole('dialog', { name: item.name });
    expect(within(dialog).getByText(/Quedan 5 disponibles/)).toBeDefined();
    expect(within(dialog).getByLabelText('Cantidad')).toBeDefined();
    expect(englishLeft('ordering')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar al carrito' }));
    expect(await screen.findByText('Agregaste Vendas × 1 al carrito.')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Carrito (1)' }));
    const cart = await screen.findByRole('dialog', { name: 'Carrito' });
    for (const text of ['Resumen', 'Total de artículos: 1', 'Datos de entrega']) {
      expect(within(cart).getByText(text)).toBeDefined();
    }
    expect(within(cart).getByLabelText('Dirección de entrega')).toBeDefined();
    expect(within(cart).getByRole('button', { name: 'Hacer pedido' })).toBeDefined();
    expect(englishLeft('ordering')).toEqual([]);
  });

  it('the order history speaks Spanish, with times in Spanish', async () => {
    let orderId = 0;
    await spanishClient(async (userId) => {
      orderId = await createOrderOnRound(db(), null, {
        userId,
        items: [{ itemName: 'Vendas', quantity: 2 }],
      });
    });
    renderPage('/orderhistory', OrderHistoryPage);

    const card = await screen.findByRole('article', { name: `Pedido #${orderId}` }, WAIT);
    expect(screen.getByRole('heading', { name: 'Historial de pedidos' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Volver al inicio' })).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Cancelar pedido' })).toBeDefined();
    const time = card.querySelector('time');
    const when = new Date(time?.getAttribute('dateTime') ?? '');
    expect(time?.textContent).toBe(
      new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(when),
    );
    expect(card.textContent).toContain('Fecha del pedido');
    expect(englishLeft('ordering')).toEqual([]);

    // The language changes in place: the same card, now in English.
    await activateLanguage('en');
    expect(await screen.findByRole('article', { name: `Order #${orderId}` })).toBeDefined();
  });
});
