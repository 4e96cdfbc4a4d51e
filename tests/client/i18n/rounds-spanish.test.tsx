// @vitest-environment jsdom
// The rounds and cargo admin screens in Spanish (issue 21, beyond-spec.md section 4), against a
// real server: the rounds table, the round dialog's three tabs, Create and Update Round, the
// inventory and both item drawers show the 'rounds' catalogue's Spanish and none of its
// English; statuses are words in the admin's language; the cancelled sign-ups' count agrees.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { RouteComponent } from '@tanstack/react-router';
import { CargoAdminPage } from '#client/features/admin-cargo/cargo-admin-page.tsx';
import { RoundAdminPage } from '#client/features/admin-rounds/round-admin-page.tsx';
import { activateLanguage } from '#client/i18n/language-choice';
import { setSessionUser } from '#client/session/session-user';
import {
  createCatalogueItem,
  createSignedInUser,
  createSignup,
  createTestRound,
  createUser,
} from '../../support/factories.ts';
import { sendLoginCookie } from '../support/browser-cookie.ts';
import { useClientServer } from '../support/client-server.ts';
import { renderPage } from '../support/render-page.tsx';
import { englishLeft } from './english-left.ts';

const WAIT = { timeout: 10_000 };

// The server runs in this jsdom file, where ArrayBuffer is jsdom's: Fastify would send the
// catalogue's ready-made Buffer reply as JSON of its bytes (cargo-volunteer-page.test.tsx says
// more). Node's own ArrayBuffer while the file runs, as in a real server; registered before
// useClientServer, so it is in place when the server starts.
const jsdomArrayBuffer = globalThis.ArrayBuffer;
beforeAll(() => {
  globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;
});
afterAll(() => {
  globalThis.ArrayBuffer = jsdomArrayBuffer;
});

/** Rows this file adds, removed after each test (other files share the database). */
const made = { rounds: [] as number[], items: [] as number[] };

const { db } = useClientServer({
  afterEachTest: async () => {
    setSessionUser(null);
    vi.restoreAllMocks(); // the login cookie's fetch
    await activateLanguage('en');
    const rounds = made.rounds.splice(0);
    if (rounds.length > 0) {
      await db().deleteFrom('round_signups').where('round_id', 'in', rounds).execute();
      await db().deleteFrom('rounds').where('id', 'in', rounds).execute();
    }
    const items = made.items.splice(0);
    if (items.length > 0) {
      await db().deleteFrom('cargo_item_sizes').where('item_id', 'in', items).execute();
      await db().deleteFrom('cargo_items').where('id', 'in', items).execute();
    }
  },
});

afterEach(async () => {
  await activateLanguage('en');
});

/** An admin signed in on this device, reading Spanish. */
async function spanishAdmin() {
  const admin = await createSignedInUser(db(), { role: 'ADMIN' });
  sendLoginCookie(admin.cookie);
  setSessionUser({ ...admin, userId: admin.id, role: 'ADMIN' });
  await activateLanguage('es');
  return admin;
}

async function open(path: string, Page: RouteComponent, heading: string) {
  renderPage(path, Page);
  expect(await screen.findByRole('heading', { level: 1, name: heading }, WAIT)).toBeDefined();
  await expect.poll(() => screen.queryByText('Cargando…'), WAIT).toBeNull();
}

/** A round with a waitlisted, a confirmed and two cancelled sign-ups. */
async function roundWithSignups(title: string) {
  const roundId = await createTestRound(db(), { title, maxParticipants: 2 });
  made.rounds.push(roundId);
  const people = await Promise.all([1, 2, 3, 4].map(() => createUser(db(), { role: 'VOLUNTEER' })));
  const [confirmed, waitlisted, gone, left] = people as [
    (typeof people)[number],
    (typeof people)[number],
    (typeof people)[number],
    (typeof people)[number],
  ];
  await createSignup(db(), roundId, confirmed.id, 'CONFIRMED');
  await createSignup(db(), roundId, waitlisted.id, 'WAITLISTED');
  await createSignup(db(), roundId, gone.id, 'CANCELLED');
  await createSignup(db(), roundId, left.id, 'CANCELLED');
  return { roundId, waitlisted };
}

describe('rounds administration in Spanish', () => {
  it('the rounds table and the round dialog: details, lottery and sign-ups', async () => {
    await spanishAdmin();
    const title = `Ronda ${Date.now()}`;
    const { waitlisted } = await roundWithSignups(title);
    await open('/round_admin', RoundAdminPage, 'Administración de rondas');
    expect(screen.getByRole('tab', { name: 'Ver rondas', selected: true })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Volver al panel' })).toBeDefined();
    const row = (await screen.findByRole('button', { name: title }, WAIT)).closest('tr')!;
    expect(within(row).getByText('PROGRAMADA')).toBeDefined();
    expect(screen.getByRole('columnheader', { name: 'En espera' })).toBeDefined();
    expect(englishLeft('rounds')).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: title }));
    const dialog = await screen.findByRole('dialog', { name: title }, WAIT);
    expect(await within(dialog).findByText('Lugares disponibles', {}, WAIT)).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Cancelar ronda' })).toBeDefined();
    expect(englishLeft('rounds')).toEqual([]);

    // Radix tabs move on mousedown (pointer) or keyboard focus, not click.
    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: 'Hacer sorteo' }));
    expect(
      await within(dialog).findByText(/^Lugares libres: 1\. En lista de espera: 1\./),
    ).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Hacer sorteo' })).toBeDefined();
    expect(englishLeft('rounds')).toEqual([]);

    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: 'Gestionar inscripciones' }));
    const waiting = (await within(dialog).findByText(waitlisted.username)).closest('tr')!;
    expect(within(waiting).getByText('EN LISTA DE ESPERA')).toBeDefined();
    expect(within(waiting).getByRole('button', { name: 'Confirmar' })).toBeDefined();
    expect(within(waiting).getByRole('button', { name: 'Rechazar' })).toBeDefined();
    expect(within(dialog).getByText('CONFIRMADA')).toBeDefined();
    // Two cancelled: the heading's noun agrees with the count.
    expect(
      within(dialog).getByRole('heading', { name: 'Canceladas por los voluntarios (2)' }),
    ).toBeDefined();
    expect(englishLeft('rounds')).toEqual([]);
  });

  it('Create Round and Update Round: the fields, the status choices and the ID refusal', async () => {
    await spanishAdmin();
    await open('/round_admin', RoundAdminPage, 'Administración de rondas');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Crear ronda' }));
    const create = await screen.findByRole('form', { name: 'Crear ronda' });
    expect(within(create).getByLabelText('Hora de inicio')).toBeDefined();
    expect(within(create).getByLabelText('Máximo de participantes')).toBeDefined();
    expect(within(create).getByRole('button', { name: 'Crear ronda' })).toBeDefined();
    expect(englishLeft('rounds')).toEqual([]);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Editar ronda' }));
    const choose = await screen.findByRole('form', { name: 'Elige la ronda que quieres editar' });
    fireEvent.click(within(choose).getByRole('button', { name: 'Cargar ronda' }));
    expect(
      await within(choose).findByText(
        'El ID de ronda debe ser un número entero del 1 al 2147483647.',
      ),
    ).toBeDefined();
    expect(englishLeft('rounds')).toEqual([]);

    const roundId = await createTestRound(db(), { status: 'IN_PROGRESS' });
    made.rounds.push(roundId);
    fireEvent.change(within(choose).getByLabelText('ID de ronda'), {
      target: { value: String(roundId) },
    });
    fireEvent.click(within(choose).getByRole('button', { name: 'Cargar ronda' }));
    const edit = await screen.findByRole('form', { name: `Editar la ronda ${roundId}` }, WAIT);
    const status = within(edit).getByRole('combobox', { name: 'Estado' });
    expect((status as HTMLSelectElement).value).toBe('IN_PROGRESS');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['PROGRAMADA', 'EN CURSO', 'COMPLETADA', 'CANCELADA']);
    expect(within(edit).getByRole('button', { name: 'Cancelar' })).toBeDefined();
    expect(englishLeft('rounds')).toEqual([]);
  });
});

describe('cargo administration in Spanish', () => {
  it('the inventory and both drawers', async () => {
    await spanishAdmin();
    const item = await createCatalogueItem(db(), { sizes: { S: 2, M: 0 } });
    made.items.push(item.id);
    await open('/cargo_admin', CargoAdminPage, 'Gestión de la carga');
    const row = (await screen.findByRole('rowheader', { name: item.name }, WAIT)).closest('tr')!;
    expect(within(row).getByRole('button', { name: `Editar ${item.name}` })).toBeDefined();
    expect(within(row).getByRole('textbox', { name: `Máximo por pedido de ${item.name}` }));
    expect(within(row).getByText('Sin imagen')).toBeDefined();
    expect(within(row).getByRole('list', { name: 'Tallas' })).toBeDefined();
    expect(englishLeft('rounds')).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: `Editar ${item.name}` }));
    const update = await screen.findByRole('dialog', { name: 'Editar artículo' });
    expect(within(update).getByLabelText('ID del artículo')).toBeDefined();
    expect(within(update).getByText('Cantidad total (suma de las tallas): 2')).toBeDefined();
    expect(within(update).getByRole('button', { name: 'Quitar la talla 1' })).toBeDefined();
    expect(within(update).getByRole('button', { name: 'Guardar cambios' })).toBeDefined();
    expect(englishLeft('rounds')).toEqual([]);
    fireEvent.change(within(update).getByLabelText('ID del artículo'), {
      target: { value: '2147483000' },
    });
    fireEvent.click(within(update).getByRole('button', { name: 'Cargar artículo' }));
    expect(
      await within(update).findByText('No hay ningún artículo con este ID en el inventario.'),
    ).toBeDefined();
    fireEvent.click(within(update).getByRole('button', { name: 'Cancelar' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Agregar artículo' }));
    const add = await screen.findByRole('dialog', { name: 'Agregar artículo' });
    expect(within(add).getByText('Sin tallas: el artículo tiene una sola cantidad total.'));
    fireEvent.click(within(add).getByRole('button', { name: 'Agregar talla' }));
    expect(within(add).getByLabelText('Cantidad de la talla 1')).toBeDefined();
    expect(within(add).getByRole('button', { name: 'Agregar' })).toBeDefined();
    expect(englishLeft('rounds')).toEqual([]);
  });
});
