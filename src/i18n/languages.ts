import { i18n } from './index';
import { languageStorageKey as storageKey } from './languageKey';

/**
 * The languages of the interface (issue 24 §8), each named in itself. English is the source and
 * comes with the first visit; Spanish (es.json, the whole catalogue) is downloaded when chosen.
 * The choice is remembered in this browser and applied on the next visit.
 */
export const languages = { en: 'English', es: 'Español' } as const;
export type Language = keyof typeof languages;
export const languageCodes = Object.keys(languages) as Language[];

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(languages, value);

/** The language remembered in this browser, else English. */
export function rememberedLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey);
    return isLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

/** The language the interface shows now. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/**
 * Shows the interface in `language` (loading its catalogue first, once), sets the page's `lang`
 * and remembers the choice. Dates and numbers follow, as views format them with `i18n.language`.
 */
export async function setLanguage(language: Language): Promise<void> {
  if (language === 'es' && !i18n.hasResourceBundle('es', 'translation')) {
    const { default: es } = await import(/* webpackChunkName: "i18n-es" */ './es.json');
    i18n.addResourceBundle('es', 'translation', es, true, true);
  }
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  try {
    globalThis.localStorage?.setItem(storageKey, language);
  } catch {
    // Storage may be off (private windows): the choice holds for this page only.
  }
}

/** Applies the remembered language on start (English needs nothing). */
export function restoreLanguage(): Promise<void> {
  const language = rememberedLanguage();
  return language === 'en' ? Promise.resolve() : setLanguage(language);
}
