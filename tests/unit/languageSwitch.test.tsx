import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../src/i18n';
import { rememberedLanguage, restoreLanguage, setLanguage } from '../../src/i18n/languages';
import { Footer } from '../../src/views/layout/Footer';
import { renderInAppNow } from '../support/spa';

/** The interface's language (issue 24 §8): the footer's switch, Spanish loaded when chosen, remembered. */

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.clear();
});

describe('the language switch', () => {
  it('shows the interface in Spanish from the footer, and remembers it', async () => {
    renderInAppNow(<Footer district={null} />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
    // The switch loads after the page.
    await userEvent.selectOptions(await within(footer).findByLabelText('Language'), 'Español');
    await waitFor(() => expect(within(footer).getByLabelText('Idioma')).toHaveValue('es'));
    expect(within(footer).getByRole('link', { name: 'Explorar' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(rememberedLanguage()).toBe('es');
    await userEvent.selectOptions(within(footer).getByLabelText('Idioma'), 'English');
    await waitFor(() => expect(within(footer).getByLabelText('Language')).toHaveValue('en'));
    expect(document.documentElement.lang).toBe('en');
    expect(rememberedLanguage()).toBe('en');
  });

  it('applies the remembered language on start, and ignores a value it does not know', async () => {
    localStorage.setItem('spaces.language', 'es');
    await restoreLanguage();
    expect(i18n.language).toBe('es');
    expect(i18n.t('errors.unexpected')).toMatch(/inesperado/);
    await setLanguage('en');
    localStorage.setItem('spaces.language', 'klingon');
    expect(rememberedLanguage()).toBe('en');
    await restoreLanguage();
    expect(i18n.language).toBe('en');
  });

  it('falls back to English for a string Spanish lacks', async () => {
    await setLanguage('es');
    i18n.addResource('en', 'translation', 'test.onlyEnglish', 'Only in English');
    expect(i18n.t('test.onlyEnglish')).toBe('Only in English');
  });
});
