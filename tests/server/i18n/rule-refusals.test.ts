// The shared rules speak the caller's language over real HTTP (issue 21): a rule's refusal
// comes back in Spanish with `Accept-Language: es` and in the spec's English without it (or
// with a language we do not speak). The texts are written out, so a wrong catalogue fails.
import { describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createCatalogueItem } from '../../support/factories.ts';
import { guestOrder } from '../orders/order-helpers.ts';

describe.each(testDialects())('rule refusals in the caller’s language (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 }, { listen: true });

  async function refusal(path: string, body: object, language?: string) {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(language === undefined ? {} : { 'accept-language': language }),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { message: string; error: string } };
  }

  it('words a registration refusal in Spanish for es, in English otherwise', async () => {
    const body = { username: 'al1ce', password: 'abcd1234' };
    expect(await refusal('/api/auth/register', body, 'es')).toEqual({
      status: 400,
      body: expect.objectContaining({
        error: 'BAD_REQUEST',
        message: 'El nombre de usuario solo puede tener letras sin acentos (A–Z)',
      }) as unknown,
    });
    for (const language of [undefined, 'en-US', 'fr']) {
      const english = await refusal('/api/auth/register', body, language);
      expect(english.status, language).toBe(400);
      expect(english.body.message, language).toBe('Username can only contain English letters');
    }
    const password = await refusal('/api/auth/register', { username: 'alice' }, 'es-MX,es;q=0.9');
    expect(password.body.message).toBe(
      'La contraseña debe tener al menos 8 caracteres e incluir letras y números',
    );
  });

  it('names every item over its cap in the caller’s language, each part translated', async () => {
    const db = server.app.ctx.opened.db;
    await createCatalogueItem(db, { name: 'Naloxone', quantity: 30, maxPerOrder: 2 });
    await createCatalogueItem(db, { name: 'Soap', quantity: 40 });
    const order = guestOrder([
      { itemName: 'Naloxone', quantity: 3 },
      { itemName: 'Soap', quantity: 11 },
    ]);
    const spanish = await refusal('/api/orders/guest/create', order, 'es');
    expect(spanish.status).toBe(409);
    expect(spanish.body.message).toBe('Naloxone: máximo 2 por pedido; Soap: máximo 10 por pedido');
    const english = await refusal('/api/orders/guest/create', order);
    expect(english.body.message).toBe('Naloxone: at most 2 per order; Soap: at most 10 per order');
    // A form rule of the order, too.
    const fields = await refusal('/api/orders/guest/create', { ...order, notes: '' }, 'es');
    expect(fields.body.message).toBe(
      'Completa nombre, apellido, correo electrónico, teléfono y notas.',
    );
  });
});
