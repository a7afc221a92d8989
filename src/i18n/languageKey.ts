/** Where this browser remembers the interface's language (src/i18n/languages.ts). */
export const languageStorageKey = 'spaces.language';
