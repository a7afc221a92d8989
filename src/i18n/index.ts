import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

/** The English catalogue: the source of every user-facing string. */
export const englishCatalogue = en;

/**
 * The app's i18next instance. It is initialised synchronously when this module is first imported
 * (resources are bundled, nothing is fetched), so `i18n.t` works at once in the browser and in
 * tests. Components read it through react-i18next (`useTranslation`), which this instance registers.
 */
export const i18n: I18n = i18next.createInstance();

/** Initialises `i18n` once; later calls return the same instance. */
export function initI18n(): I18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  return i18n;
}

initI18n();

export default i18n;
