// @vitest-environment jsdom
// The admin screens in Spanish (issue 21, beyond-spec.md section 4): the admin home (tools,
// alerts, deliveries chart), users, all orders, volunteer applications, feedback, the audit log
// and devices, against a real server. Each shows the 'admin' catalogue's Spanish and none of
// its English; numbers beside nouns agree in Spanish ("3 dispositivos: 1 atascado").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RouteComponent } from '@tanstack/react-router';
import { AdminHome } from '#client/features/admin/admin-home.tsx';
import { AdminApplicationsPage } from '#client/features/admin-applications/admin-applications-page.tsx';
import { AdminAuditPage } from '#client/features/admin-audit/admin-audit-page.tsx';
import { AdminDevicesPage } from '#client/features/admin-devices/admin-devices-page.tsx';
import { AdminFeedbackPage } from '#client/features/admin-feedback/admin-feedback-page.tsx';
import { AdminOrdersPage } from '#client/features/admin-orders/admin-orders-page.tsx';
import { AdminUsersPage } from '#client/features/admin-users/admin-users-page.tsx';
import { activateLanguage } from '#client/i18n/language-choice';
import { setSessionUser } from '#client/session/session-user';
import { createOrderOnRound, createSignedInUser, createUser } from '../../support/factories.ts';
import { sendLoginCookie } from '../support/browser-cookie.ts';
import { useClientServer } from '../support/client-server.ts';
import { renderPage } from '../support/render-page.tsx';
import { englishLeft } from './english-left.ts';

const WAIT = { timeout: 10_000 };

/** Rows this file adds, removed after each test (other files share the database). */
const made = {
  orders: [] as number[],
  applications: [] as number[],
  feedback: [] as number[],
};

const { db } = useClientServer({
  afterEachTest: async () => {
    setSessionUser(null);
    vi.restoreAllMocks(); // the login cookie's fetch
    await activateLanguage('en');
    const ids = (list: number[]) => list.splice(0);
    const orders = ids(made.orders);
    if (orders.length > 0) {
      await db().deleteFrom('order_items').where('order_id', 'in', orders).execute();
      await db().deleteFrom('orders').where('id', 'in', orders).execute();
    }
    const applications = ids(made.applications);
    if (applications.length > 0)
      await db().deleteFrom('volunteer_applications').where('id', 'in', applications).execute();
    const feedback = ids(made.feedback);
    if (feedback.length > 0)
      await db().deleteFrom('feedback').where('id', 'in', feedback).execute();
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
  // The load's 'Cargando…' gone: what the server sent is on screen.
  await screen.findByRole('button', { name: /Actualizar/ }, WAIT);
  await expect.poll(() => screen.queryByText('Cargando…'), WAIT).toBeNull();
}

describe('admin screens in Spanish', () => {
  it('the admin home: tools, alerts and the deliveries chart', async () => {
    const admin = await spanishAdmin();
    renderPage('/', AdminHome);
    expect(await screen.findByText(`Administración: ${admin.username}`, {}, WAIT)).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Panel de administración' })).toBeDefined();
    expect(screen.getByRole('link', { name: /Gestionar usuarios/ })).toBeDefined();
    expect(await screen.findByText(/Artículos sin existencias/, {}, WAIT)).toBeDefined();
    expect(await screen.findByText(/en las últimas 12 semanas\./, {}, WAIT)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Descargar resumen CSV' })).toBeDefined();
    expect(englishLeft('admin')).toEqual([]);
  });

  it('users: the table and its buttons', async () => {
    await spanishAdmin();
    const volunteer = await createUser(db(), { role: 'VOLUNTEER' });
    await open('/admin/users', AdminUsersPage, 'Gestionar usuarios');
    const row = (await screen.findByText(volunteer.username, {}, WAIT)).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Restablecer contraseña' })).toBeDefined();
    expect(within(row).getByRole('button', { name: 'Cambiar subrol' })).toBeDefined();
    expect(screen.getByRole('columnheader', { name: 'Nombre de usuario' })).toBeDefined();
    expect(englishLeft('admin')).toEqual([]);
  });

  it('all orders: filters, the status badge and the round select', async () => {
    await spanishAdmin();
    const orderId = await createOrderOnRound(db(), null);
    made.orders.push(orderId);
    await open('/admin/orders', AdminOrdersPage, 'Todos los pedidos');
    expect(screen.getByRole('button', { name: 'PENDIENTES', pressed: true })).toBeDefined();
    const select = await screen.findByRole(
      'combobox',
      { name: `Ronda del pedido ${orderId}` },
      WAIT,
    );
    expect(within(select).getByRole('option', { name: 'Sin ronda' })).toBeDefined();
    const row = select.closest('tr')!;
    expect(within(row).getByText('PENDIENTE')).toBeDefined();
    expect(screen.getAllByRole('button', { name: 'Cancelar' }).length).toBeGreaterThan(0);
    expect(englishLeft('admin')).toEqual([]);
  });

  it('volunteer applications: the three lists', async () => {
    await spanishAdmin();
    const application = await db()
      .insertInto('volunteer_applications')
      .values({
        first_name: 'Rosa',
        last_name: 'Luna',
        email: `rosa${Date.now()}@example.org`,
        phone: '5551234567',
        notes: null,
        status: 'PENDING',
        submission_date: new Date().toISOString(),
        decided_at: null,
        decided_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    made.applications.push(application.id);
    await open('/admin/applications', AdminApplicationsPage, 'Solicitudes de voluntariado');
    expect(await screen.findByRole('heading', { name: 'Pendientes' }, WAIT)).toBeDefined();
    const row = (await screen.findByText('Rosa Luna', {}, WAIT)).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Aprobar' })).toBeDefined();
    expect(within(row).getByRole('button', { name: 'Rechazar' })).toBeDefined();
    expect(englishLeft('admin')).toEqual([]);
  });

  it('feedback: who sent it, signed in or not', async () => {
    await spanishAdmin();
    const row = await db()
      .insertInto('feedback')
      .values({
        user_id: null,
        name: null,
        phone_number: '5550001111',
        content: 'Gracias por los calcetines',
        created_at: new Date().toISOString(),
        account_username: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    made.feedback.push(row.id);
    await open('/admin/feedback', AdminFeedbackPage, 'Ver comentarios');
    const cell = (await screen.findByText('Gracias por los calcetines', {}, WAIT)).closest('tr')!;
    expect(within(cell).getByText('Anónimo')).toBeDefined();
    expect(within(cell).getByText('Sin sesión iniciada')).toBeDefined();
    expect(englishLeft('admin')).toEqual([]);
  });

  it('the audit log: filters and actions in words', async () => {
    const admin = await spanishAdmin();
    await db()
      .insertInto('audit_log')
      .values({
        at: new Date().toISOString(),
        actor_id: admin.id,
        actor_username: admin.username,
        action: 'order.cancel',
        target_type: 'order',
        target_id: 987_654,
        details: null,
      })
      .execute(); // the log is append-only: the entry stays, as every action's does
    renderPage('/admin/audit', AdminAuditPage);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registro de auditoría' }, WAIT),
    ).toBeDefined();
    const action = screen.getByRole('combobox', { name: 'Acción' });
    expect(within(action).getByRole('option', { name: 'Todas las acciones' })).toBeDefined();
    expect(
      within(action).getByRole('option', { name: 'Cualquier acción sobre pedidos' }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Aplicar filtros' })).toBeDefined();
    const row = (await screen.findByText('pedido 987654', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('Canceló un pedido')).toBeDefined();
    expect(englishLeft('admin')).toEqual([]);
  });

  it('devices: states, ages and the summary agree in Spanish', async () => {
    await spanishAdmin();
    const owner = await createUser(db(), { role: 'VOLUNTEER' });
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    await db()
      .insertInto('device_reports')
      .values({
        device_id: `es${Date.now()}-device`,
        user_id: owner.id,
        pending_count: 2,
        oldest_pending_at: ago(3 * 24 * 3_600_000),
        last_sync_at: ago(2 * 3_600_000),
        attention_count: 1,
        app_version: '0.1.0',
        reported_at: ago(60_000),
      })
      .execute();
    try {
      await open('/admin/devices', AdminDevicesPage, 'Dispositivos');
      const panel = await screen.findByRole('region', { name: `${owner.username} (Voluntario)` });
      const cells = within(within(panel).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(cells.slice(1, 6)).toEqual(['Atascado', '2', '3 días', '1', 'hace 2 horas']);
      expect(screen.getByText(/^\d+ dispositivos?: \d+ atascados?/)).toBeDefined();
      expect(englishLeft('admin')).toEqual([]);
    } finally {
      await db().deleteFrom('device_reports').where('user_id', '=', owner.id).execute();
    }
  });
});
