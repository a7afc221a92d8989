import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import base from './en.json';
import assetFailures from './parts/assetFailures.json';
import commerce from './parts/commerce.json';
import exploreSpaces from './parts/exploreSpaces.json';
import publishWizard from './parts/publishWizard.json';
import sharing from './parts/sharing.json';
import viewerShell from './parts/viewerShell.json';
import viewerMap from './parts/viewerMap.json';
import viewerA11y from './parts/viewerA11y.json';
import social from './parts/social.json';
import spaceReactions from './parts/spaceReactions.json';
import insights from './parts/insights.json';
import districtShell from './parts/districtShell.json';

type Tree = { [key: string]: string | Tree };

/** `extra`'s keys laid over `into` (nested objects merged, strings replaced). */
function merge(into: Tree, extra: Tree): Tree {
  const out: Tree = { ...into };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
}

/**
 * The English catalogue of the first visit: the source of every user-facing string but those of
 * features whose code loads later (commentsCatalogue.ts, districtsCatalogue.ts and groupsCatalogue.ts add them with
 * their chunks; fullCatalogue.ts has it all). en.json holds most of it; the files in parts/ add
 * the strings of one feature each (merged over en.json, key by key).
 */
export const englishCatalogue = [
  publishWizard,
  exploreSpaces,
  sharing,
  commerce,
  assetFailures,
  viewerShell,
  viewerMap,
  viewerA11y,
  social,
  spaceReactions,
  insights,
  districtShell,
].reduce<Tree>((all, part) => merge(all, part as Tree), base as Tree) as typeof base;
const en = englishCatalogue;

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

/** Adds a feature's strings when its code loads (the first visit does not download them). */
export function addCatalogue(part: object) {
  i18n.addResourceBundle('en', 'translation', part, true, false);
}
