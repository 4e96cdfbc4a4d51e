// A queued action's label is kept as a message and worded when shown: an order queued offline
// in English reads in Spanish once the person switches (issue 21), and back. Before, the label
// was the text of the moment it was queued, so the outbox list kept the old language.
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '#client/i18n/language-choice';
import { say, t } from '#client/i18n/i18n';
import { buildAction } from '#client/offline/actions';
import { enqueue } from '#client/offline/outbox';
import { newDevice } from './support/fake-db.ts';

afterEach(async () => {
  await activateLanguage('en');
});

describe('outbox labels', () => {
  it('word a queued action in the language chosen after it was queued', async () => {
    await activateLanguage('en');
    const db = newDevice().open();
    const seq = await enqueue(
      db,
      buildAction('order.guestCreate', {
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: '',
        phone: '5550001111',
        deliveryAddress: '1 Main St',
        notes: '',
        items: [{ itemName: 'Socks', quantity: 2 }],
      }),
    );
    const row = await db.outbox.get(seq);
    if (row === undefined) throw new Error('not queued');
    const english = say(row.label);
    expect(english).toBe(t('common.outbox.guestOrder', { count: 2 }));
    await activateLanguage('es');
    const spanish = say(row.label);
    expect(spanish).toBe(t('common.outbox.guestOrder', { count: 2 }));
    expect(spanish).not.toBe(english);
  });

  it('still show a label stored as text by an earlier version', async () => {
    const db = newDevice().open();
    const seq = await enqueue(db, {
      kind: 'feedback.submit',
      label: 'Feedback',
      method: 'POST',
      path: '/api/feedback/submit',
      payload: {},
    });
    const row = await db.outbox.get(seq);
    await activateLanguage('es');
    expect(say(row?.label ?? '')).toBe('Feedback');
  });
});
