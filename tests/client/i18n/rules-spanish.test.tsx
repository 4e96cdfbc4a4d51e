// @vitest-environment jsdom
// The shared rules' refusals as the reader sees them (issue 21): the same rule shows Spanish
// under a form once Spanish is chosen, every rule message has its own Spanish, and a refusal
// that lists several items words each part in Spanish.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { activateLanguage } from '#client/i18n/language-choice';
import { say } from '#client/i18n/i18n';
import { ErrorMessage } from '#client/ui/form-message.tsx';
import { loginErrors } from '#shared/rules/auth';
import { ORDER_LIMIT_MESSAGES, orderLimitRefusal } from '#shared/rules/order-limits';
import path from 'node:path';
import { LOCALES_DIR, readCatalogue } from '#server/i18n/catalogue-files';

const english = readCatalogue(path.join(LOCALES_DIR, 'en', 'rules.json'));
const spanish = readCatalogue(path.join(LOCALES_DIR, 'es', 'rules.json'));

afterEach(async () => {
  await activateLanguage('en');
});

describe('shared rules in Spanish', () => {
  it('shows a rule refusal under a form in Spanish, and in English again after', async () => {
    await activateLanguage('es');
    const { rerender } = render(
      <ErrorMessage text={loginErrors({ username: '' }).username ?? null} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Escribe tu nombre de usuario o correo electrónico.',
    );
    await activateLanguage('en');
    rerender(<ErrorMessage text={loginErrors({ username: ' ' }).username ?? null} />);
    expect(screen.getByRole('alert').textContent).toBe('Please enter your username or email.');
  });

  it('words every rule message in Spanish, none left in English', async () => {
    await activateLanguage('es');
    // Punctuation around data only: the same in both languages.
    const same = new Set(['rules.orderLimits.refusals']);
    for (const [id, text] of Object.entries(english)) {
      if (!same.has(id)) expect(spanish[id], id).not.toBe(text);
    }
    expect(say(ORDER_LIMIT_MESSAGES.tooManyCustomLines)).toBe(
      'Un pedido puede incluir como máximo 5 artículos que no estén en el catálogo.',
    );
    const item = (id: number, name: string, maxPerOrder: number) => ({ id, name, maxPerOrder });
    const refusal = orderLimitRefusal([
      { item: item(1, 'Naloxona', 2), text: 'Naloxona', quantity: 3 },
      { item: item(2, 'Jabón', 4), text: 'Jabón', quantity: 5 },
    ]);
    expect(refusal === null ? null : say(refusal)).toBe(
      'Naloxona: máximo 2 por pedido; Jabón: máximo 4 por pedido',
    );
  });
});
