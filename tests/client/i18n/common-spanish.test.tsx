// @vitest-environment jsdom
// The client's common layer in Spanish (issue 21, beyond-spec.md section 4): the admin kit's
// frame (Go Back, Refresh, Loading…, the load error, Cancel), receipts and a form's outcome
// line, the stock words, and the offline layer's phrases with their counts and dates. Each shows
// the 'common' catalogue's Spanish and none of its English, and numbers beside nouns agree.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { getApiBaseUrl, setApiBaseUrl } from '#client/api/base-url';
import { clearSecureSession, getSecureState, renewSecureSession } from '#client/api/secure-session';
import { activateLanguage } from '#client/i18n/language-choice';
import {
  formOutcomeText,
  longWaitText,
  pendingCountText,
  queuedText,
  shortDateTime,
  updatedAgoText,
  waitingForSignInText,
} from '#client/offline/status-texts';
import { addressText } from '#client/ui/personal-data';
import { Receipt, ReceiptMessage } from '#client/ui/receipt.tsx';
import { StockStatusText } from '#client/ui/stock-status.tsx';
import {
  AdminPage,
  CancelAndSubmit,
  LoadStatus,
  RefreshButton,
} from '#client/ui/admin/admin-kit.tsx';
import { renderPage } from '../support/render-page.tsx';
import { englishLeft } from './english-left.ts';

afterEach(async () => {
  localStorage.clear();
  await activateLanguage('en');
});

function CommonScreen() {
  return (
    <AdminPage title="StreetMed">
      <RefreshButton onRefresh={() => undefined} />
      <LoadStatus loading error={null} />
      <LoadStatus loading={false} error="Timeout" />
      <Receipt state="waiting" />
      <Receipt state="sent" />
      <ReceiptMessage state="attention" text={formOutcomeText(queuedText(), 'attention', '')} />
      <StockStatusText quantity={0} badge />
      <StockStatusText quantity={3} />
      <StockStatusText quantity={12} />
      <CancelAndSubmit formId="form" busy={false} onCancel={() => undefined}>
        OK
      </CancelAndSubmit>
    </AdminPage>
  );
}

describe('common layer in Spanish', () => {
  it('shows the admin frame, receipts and stock words in Spanish, and no English', async () => {
    await activateLanguage('es');
    renderPage('/common', CommonScreen);
    expect(await screen.findByRole('button', { name: 'Volver' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDefined();
    expect(screen.getByText('Cargando…')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Error: Timeout');
    expect(screen.getByText('Pendiente de envío')).toBeDefined();
    expect(screen.getByText('Enviado ✓')).toBeDefined();
    expect(screen.getByText('Requiere atención')).toBeDefined();
    expect(screen.getByText(/^No se envió: el servidor lo rechazó/)).toBeDefined();
    const body = document.body.textContent;
    for (const word of ['Estado de existencias:', 'Agotado', 'Quedan pocos', 'Disponible']) {
      expect(body).toContain(word);
    }
    expect(englishLeft('common')).toEqual([]);
  });

  it('words the offline phrases in Spanish, with counts that agree', async () => {
    await activateLanguage('es');
    expect(waitingForSignInText(1)).toBe(
      '1 cambio pendiente de envío: inicia sesión para enviarlos',
    );
    expect(pendingCountText(3, 1)).toBe('3 cambios pendientes de envío, 1 requiere atención');
    expect(pendingCountText(0, 2)).toBe('2 requieren atención');
    expect(longWaitText(30)).toBe(
      'Lleva 30 días esperando: conéctate pronto a internet para que se pueda enviar.',
    );
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(updatedAgoText(null, now)).toBe('aún sin actualizar en este dispositivo');
    expect(updatedAgoText('2026-11-26T11:59:30Z', now)).toBe('actualizado hace un momento');
    expect(updatedAgoText('2026-11-26T11:59:00Z', now)).toBe('actualizado hace 1 minuto');
    expect(updatedAgoText('2026-11-26T09:00:00Z', now)).toBe('actualizado hace 3 horas');
    expect(updatedAgoText('2026-11-24T12:00:00Z', now)).toBe('actualizado hace 2 días');
    // Spanish writes the day before the month: 9/12/26, not 12/9/26.
    expect(shortDateTime('2026-12-09T18:00:00')).toMatch(/^9\/12\/26/);
    const shownLater = {
      deliveryAddress: null,
      personalDataHidden: true,
      personalDataShownFrom: '2026-12-09T18:00:00Z',
      personalDataPurged: false,
      personalDataUntil: null,
    };
    expect(addressText(shownLater, () => '18:00')).toBe('Dirección visible desde 18:00');
    expect(addressText({ ...shownLater, personalDataPurged: true }, String)).toBe(
      'Datos personales eliminados tras la entrega',
    );
  });

  it("words a failed key exchange in Spanish, keeping the transport's own text", async () => {
    const origin = getApiBaseUrl();
    setApiBaseUrl('http://127.0.0.1:9'); // nothing listens there
    try {
      await activateLanguage('es');
      await renewSecureSession();
      expect(getSecureState().status).toBe('network-failed');
      expect(getSecureState().error).toMatch(
        /^Falló la comunicación con el servidor: .+ \(se intentó otra vía\)$/,
      );
      await activateLanguage('en');
      await renewSecureSession();
      expect(getSecureState().error).toMatch(
        /^Server communication failed: .+ \(fallback attempted\)$/,
      );
    } finally {
      setApiBaseUrl(origin);
      clearSecureSession();
    }
  });

  it('switches back to the English texts', async () => {
    await activateLanguage('es');
    await activateLanguage('en');
    expect(waitingForSignInText(2)).toBe('2 changes waiting — sign in to send them');
    expect(queuedText()).toBe('Saved — will send when online');
  });
});
