// @vitest-environment jsdom
// "Start delivery" on the volunteer dashboard (beyond-spec.md section 7) against a real
// server: a PENDING assigned order offers it on its card and in its full view; the order then
// shows Processing and keeps Complete; offline it is queued like Complete and sent later; a
// refusal while the volunteer waits is an alert with the server's message.
import '../../offline/support/fake-db.ts';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { setApiBaseUrl } from '#client/api/api-client';
import { kickOutbox } from '#client/offline/engine';
import { queuedText } from '#client/offline/status-texts';
import { recordAlerts } from '../../support/form.ts';
import { openAssignedOrder, useDashboardServer } from './dashboard-setup.ts';
import { card, orderStatus, region, setOrderStatus } from './volunteer-kit.ts';
import { answerConfirmation } from '../../support/confirm.ts';

const { server, db } = useDashboardServer();
const DEAD_SERVER = 'http://127.0.0.1:9';

function startButton(container: HTMLElement): HTMLElement {
  return within(container).getByRole('button', { name: 'Start delivery' });
}

describe('volunteer dashboard: Start delivery', () => {
  it('takes the order: the server has it PROCESSING, the card says Processing, then Complete', async () => {
    const { orderId, order } = await openAssignedOrder(db());
    expect(within(order).getByRole('button', { name: 'Complete' })).toBeDefined();
    fireEvent.click(startButton(order));
    await answerConfirmation('Start delivery');

    expect(await within(order).findByText('Processing')).toBeDefined();
    expect(within(order).queryByRole('button', { name: 'Start delivery' })).toBeNull();
    await expect.poll(() => orderStatus(db(), orderId)).toBe('PROCESSING');
    fireEvent.click(within(order).getByRole('button', { name: 'Open full view' }));
    const details = await screen.findByRole('dialog', { name: 'Order Full Details' });
    expect(within(details).getByText('PROCESSING')).toBeDefined();
    expect(within(details).queryByRole('button', { name: 'Start delivery' })).toBeNull();
    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));

    fireEvent.click(within(order).getByRole('button', { name: 'Complete' }));
    await answerConfirmation('Mark completed');
    expect(await screen.findByText('No assigned orders.')).toBeDefined();
    await expect.poll(() => orderStatus(db(), orderId)).toBe('COMPLETED');
  });

  it('starts the delivery from the order full view', async () => {
    const { orderId, order } = await openAssignedOrder(db());
    fireEvent.click(within(order).getByRole('button', { name: 'Open full view' }));
    const details = await screen.findByRole('dialog', { name: 'Order Full Details' });
    expect(within(details).getByText('PENDING')).toBeDefined();
    fireEvent.click(startButton(details));
    await answerConfirmation('Start delivery');
    expect(await within(details).findByText('PROCESSING')).toBeDefined();
    expect(within(details).queryByRole('button', { name: 'Start delivery' })).toBeNull();
    await expect.poll(() => orderStatus(db(), orderId)).toBe('PROCESSING');
  });

  it('queues Start delivery while offline and sends it once the server is back', async () => {
    const { orderId, order } = await openAssignedOrder(db());
    setApiBaseUrl(DEAD_SERVER);
    fireEvent.click(startButton(order));
    await answerConfirmation('Start delivery');
    expect(await within(order).findByText('Processing')).toBeDefined();
    expect(await within(order).findByText(queuedText(), {}, { timeout: 10_000 })).toBeDefined();
    expect(await orderStatus(db(), orderId)).toBe('PENDING');

    setApiBaseUrl(server().baseUrl);
    kickOutbox('online');
    await expect.poll(() => orderStatus(db(), orderId), { timeout: 10_000 }).toBe('PROCESSING');
    const taken = card(region('Assigned Orders'), `Order #${orderId}`);
    await expect
      .poll(() => within(taken).queryByText(queuedText()), { timeout: 10_000 })
      .toBeNull();
    expect(within(taken).getByText('Processing')).toBeDefined();
  });

  it('alerts the server message when the order was cancelled meanwhile', async () => {
    const alerts = recordAlerts();
    const { orderId, order } = await openAssignedOrder(db());
    await setOrderStatus(db(), orderId, 'CANCELLED');
    fireEvent.click(startButton(order));
    await answerConfirmation('Start delivery');
    await expect.poll(() => alerts).toEqual(['This order was cancelled.']);
    expect(await orderStatus(db(), orderId)).toBe('CANCELLED');
  });
});
