// @vitest-environment jsdom
// The volunteer screens in Spanish (issue 21) against a real server: the dashboard with a
// round, an order and the calendar (month and weekday names from Intl in Spanish), the order's
// full view and JOIN US all say their words in Spanish, and none of the
// 'volunteer' catalogue's English texts is left on the screen. The cargo page: its own file.
import '../offline/support/fake-db.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { activateLanguage } from '#client/i18n/language-choice';
import { VolunteerDashboard } from '#client/features/volunteer/volunteer-dashboard.tsx';
import { VolunteerApplicationPage } from '#client/features/volunteer-application/volunteer-application-page.tsx';
import { createOrderOnRound, createSignup } from '../../support/factories.ts';
import { useDashboardServer } from '../features/volunteer/dashboard-setup.ts';
import {
  DAY,
  seedRound,
  signInVolunteer,
  volunteerAccount,
} from '../features/volunteer/volunteer-kit.ts';
import { renderPage } from '../support/render-page.tsx';
import { englishLeft } from './english-left.ts';

const { db } = useDashboardServer();

afterEach(async () => {
  await activateLanguage('en');
});

describe('volunteer screens in Spanish', () => {
  it('shows the dashboard, its calendar and an order in Spanish', async () => {
    const volunteer = await volunteerAccount(db());
    const round = await seedRound(db(), 2 * DAY);
    await createSignup(db(), round.id, volunteer.id, 'CONFIRMED');
    const orderId = await createOrderOnRound(db(), round.id);
    signInVolunteer(volunteer);
    await activateLanguage('es');
    renderPage('/', VolunteerDashboard);

    await screen.findByRole('heading', { name: 'Mis próximas rondas' });
    expect(screen.getByText(`¡Hola, ${volunteer.username}!`)).toBeDefined();
    for (const name of ['Perfil', 'Carga', 'Cerrar sesión', 'Agregar al calendario']) {
      expect(screen.getByRole('button', { name })).toBeDefined();
    }
    const order = await screen.findByRole('article', { name: `Pedido #${orderId}` });
    expect(within(order).getByText('Tipo de pedido')).toBeDefined();
    expect(within(order).getByRole('button', { name: 'Iniciar entrega' })).toBeDefined();
    expect(await screen.findByText('Confirmado')).toBeDefined();

    // The calendar: this month's name and the weekdays from Intl in Spanish, days named so.
    const month = new Intl.DateTimeFormat('es', { month: 'long', year: 'numeric' }).format(
      new Date(),
    );
    expect(screen.getByText(month.charAt(0).toUpperCase() + month.slice(1))).toBeDefined();
    const weekdays = [...document.querySelectorAll('.rdp-weekday')];
    expect(weekdays.map((day) => day.textContent)).toEqual([
      'dom',
      'lun',
      'mar',
      'mié',
      'jue',
      'vie',
      'sáb',
    ]);
    expect(weekdays[0]?.getAttribute('aria-label')).toBe('domingo');
    expect(screen.getByRole('navigation', { name: 'Navegación del calendario' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Ir al mes siguiente' })).toBeDefined();
    expect(
      (await screen.findAllByRole('button', { name: /, hay rondas programadas$/ })).length,
    ).toBeGreaterThan(0);
    const today = new Intl.DateTimeFormat('es', { dateStyle: 'full' }).format(new Date());
    expect(screen.getByRole('button', { name: new RegExp(`^Hoy, ${today}`) })).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Mis rondas pasadas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pedidos completados' }));
    expect(await screen.findByText('No hay rondas pasadas.')).toBeDefined();
    expect(screen.getByText('No hay pedidos completados.')).toBeDefined();

    fireEvent.click(within(order).getByRole('button', { name: 'Ver pedido completo' }));
    const details = await screen.findByRole('dialog', { name: 'Detalles del pedido' });
    expect(within(details).getByText('PENDIENTE')).toBeDefined();
    expect(within(details).getByText('Hora del pedido')).toBeDefined();
    expect(within(details).getByRole('button', { name: 'Cerrar' })).toBeDefined();

    expect(englishLeft('volunteer')).toEqual([]);
  });

  it('shows JOIN US in Spanish', async () => {
    await activateLanguage('es');
    renderPage('/volunteerAppli', VolunteerApplicationPage);
    expect(await screen.findByRole('heading', { name: 'ÚNETE' })).toBeDefined();
    for (const label of ['Nombre', 'Apellido', 'Correo electrónico', 'Teléfono', /^Notas/]) {
      expect(screen.getByLabelText(label)).toBeDefined();
    }
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeDefined();
    expect(englishLeft('volunteer')).toEqual([]);
  });
});
