// @vitest-environment jsdom
// The header's language menu (beyond-spec.md section 4): both languages named in themselves,
// the choice kept on the device, <html lang> following, and the screen changing language in
// place, with what the person typed still there.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { AppHeader } from '#client/ui/app-header.tsx';
import { TextField } from '#client/ui/text-field.tsx';
import { activateLanguage, deviceLanguage } from '#client/i18n/language-choice';
import { currentLanguage } from '#client/i18n/i18n';
import { renderPage } from '../support/render-page.tsx';

function Screen() {
  const [name, setName] = useState('');
  return (
    <>
      <AppHeader />
      <TextField label="Name" optional value={name} onChange={setName} />
    </>
  );
}

afterEach(async () => {
  localStorage.clear();
  await activateLanguage('en');
});

describe('language menu', () => {
  it('lists English and Español, switches in place and keeps the choice', async () => {
    renderPage('/', Screen);
    const menu = await screen.findByRole('combobox', { name: 'Language' });
    expect([...menu.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'English',
      'Español',
    ]);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Rosa' } });
    expect(screen.getByText('(optional)')).toBeDefined();

    fireEvent.change(menu, { target: { value: 'es' } });
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toBeDefined();
    expect(screen.getByText('(opcional)')).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Rosa');
    expect(document.documentElement.lang).toBe('es');
    expect(currentLanguage()).toBe('es');
    expect(localStorage.getItem('streetmed.language')).toBe('es');
    expect(deviceLanguage()).toBe('es');
  });
});

describe('device language', () => {
  it("follows the browser's languages until the person chooses", () => {
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
    Object.defineProperty(navigator, 'languages', {
      configurable: true,
      get: () => ['pt-BR', 'es-MX', 'en'],
    });
    try {
      expect(deviceLanguage()).toBe('es');
      localStorage.setItem('streetmed.language', 'en');
      expect(deviceLanguage()).toBe('en');
    } finally {
      delete (navigator as { languages?: unknown }).languages;
      if (languages !== undefined)
        Object.defineProperty(Navigator.prototype, 'languages', languages);
    }
  });
});
