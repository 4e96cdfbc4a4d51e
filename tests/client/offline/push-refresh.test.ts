// Which mirrored lists a push refreshes while the app is open (issue 19): read from the tags and
// paths the server's notifications carry (notification-texts.ts), so a client's order news
// fetches the orders, a volunteer's round news the rounds, an item's the catalogue.
import { describe, expect, it } from 'vitest';
import { renderNotification } from '#server/notifications/notification-texts';
import { listsForPush } from '#client/offline/push-refresh';

const round = {
  roundId: 4,
  title: 'Soup run',
  startTime: '2026-12-01T18:00:00.000Z',
  location: null,
};

function listsFor(kind: string, params: unknown) {
  const { url, tag } = renderNotification(kind, params, 'en');
  return listsForPush(url, tag);
}

describe('lists a push refreshes', () => {
  it('follows the server’s notifications', () => {
    expect(listsFor('order.completed', { orderId: 3 })).toEqual([
      'myOrders',
      'assignedOrders',
      'catalogue',
    ]);
    expect(listsFor('round.reminder', round)).toEqual(['myRounds', 'allRounds', 'assignedOrders']);
    expect(listsFor('item.outOfStock', { itemId: 9, name: 'Socks' })).toEqual(['catalogue']);
  });

  it('refreshes every list for news it cannot place', () => {
    expect(listsForPush('/', 'streetmed')).toHaveLength(5);
    expect(listsForPush('/orderhistory', '')).toContain('myOrders');
  });
});
