import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../src/i18n';
import { fullCatalogue } from '../../src/i18n/fullCatalogue';

type Catalogue = { [key: string]: string | Catalogue };
const catalogue = fullCatalogue as Catalogue;

/** Namespaces the app shell owns; checked once the shell has put them in the catalogue. */
const shellNamespaces = ['nav', 'footer', 'pages', 'shell'];

const srcDir = join(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

function leaves(node: Catalogue, prefix = ''): [string, unknown][] {
  return Object.entries(node).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? leaves(value as Catalogue, path)
      : [[path, value] as [string, unknown]];
  });
}

function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
}

/** A key exists as a phrase, or as the plural forms i18next picks with `count`. */
function exists(key: string): boolean {
  if (typeof lookup(key) === 'string') return true;
  return typeof lookup(`${key}_one`) === 'string' && typeof lookup(`${key}_other`) === 'string';
}

const keyPatterns = [
  // t('key'), i18n.t("key"), t('key', { ... }); not `${dynamic}` keys.
  /\bt\(\s*(['"])([^'"`$\s]+)\1/g,
  // <Trans i18nKey="key" /> or i18nKey={'key'}
  /\bi18nKey=\{?\s*(['"])([^'"`$\s]+)\1/g,
  // messageKey: 'key', labelKey = 'key', titleKey: "key" ...
  /\b(?:message|label|title|description)Key\s*[:=]\s*(['"])([^'"`$\s]+)\1/g,
];

function usedKeys(): { key: string; file: string }[] {
  return sourceFiles(srcDir).flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    const file = relative(srcDir, path);
    return keyPatterns.flatMap((pattern) =>
      [...text.matchAll(pattern)].map((match) => ({ key: match[2], file })),
    );
  });
}

describe('text catalogue', () => {
  const entries = leaves(catalogue);

  it('has every key the app uses', () => {
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(0);
    const missing = used.filter(({ key }) => {
      const namespace = key.split('.')[0];
      if (shellNamespaces.includes(namespace) && !(namespace in catalogue)) return false;
      return !exists(key);
    });
    expect(missing).toEqual([]);
  });

  it('has only non-empty strings', () => {
    const bad = entries.filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad).toEqual([]);
  });

  it('uses i18next placeholders only', () => {
    const numbered = entries.filter(([, value]) => /\{\d+\}/.test(String(value)));
    expect(numbered).toEqual([]);
    const unbalanced = entries.filter(
      ([, value]) =>
        (String(value).match(/\{\{/g) ?? []).length !== (String(value).match(/\}\}/g) ?? []).length,
    );
    expect(unbalanced).toEqual([]);
  });

  it('gives every plural both its _one and _other forms, with the same placeholders', () => {
    const plurals = entries.filter(([key]) => /_(one|other)$/.test(key));
    for (const [key] of plurals) {
      const base = key.replace(/_(one|other)$/, '');
      const placeholders = (form: string) =>
        [...String(lookup(`${base}_${form}`)).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(typeof lookup(`${base}_one`), `${base}_one`).toBe('string');
      expect(typeof lookup(`${base}_other`), `${base}_other`).toBe('string');
      expect(placeholders('one'), base).toEqual(placeholders('other'));
    }
  });

  it('points every nested $t(...) at an existing key', () => {
    const nested = entries.flatMap(([, value]) =>
      [...String(value).matchAll(/\$t\(([^),]+)/g)].map((m) => m[1]),
    );
    expect(nested.length).toBeGreaterThan(0);
    expect(nested.filter((key) => !exists(key))).toEqual([]);
  });

  it('leaves the shell namespaces to the shell', () => {
    // The catalogue author does not define these; the app shell adds them.
    for (const namespace of shellNamespaces) {
      const value = catalogue[namespace];
      if (value !== undefined) expect(typeof value).toBe('object');
    }
  });

  it('quotes the spec word for word', () => {
    const values = new Set(entries.map(([, value]) => value));
    const quotes = [
      'Page not found',
      'The page you are looking for does not exist.',
      'Return to homepage',
      'Something went wrong',
      'Failed to load chunked component due to timeout',
      "You don't have permission to access this 3D space",
      "You don't have access to this District",
      'Hold Up, Explorer',
      'Successfully saved scene!',
      'Copied to clipboard!',
      'Failed to open {{provider}} checkout',
      'Incorrect Password',
      'Please provide a valid {{network}} url',
      'Invalid url. Valid url example: {{host}}',
      'The image {{file}} you selected is larger than {{size}}. Please try again with a smaller one',
      'File should be an image ({{formats}}) and should not exceed {{size}}',
      'Please assign your space to a slot to proceed.',
      'Insufficient credits to publish. Select a credit package to proceed.',
      'There is no available slot.',
      'Draft Limit Reached',
      'View drafts',
      'The following characters are not supported',
      'Please let us know your first name',
      'Please let us know your last name',
      'Please provide an email address',
      'Please provide a valid email address',
      'Please select an inquiry type',
      'Please select your country',
      'Please type your message',
      'You should give access to your microphone device',
      'Communications are disabled',
      'No spaces found',
      'No content',
      'Invalid url',
      'Failed to load image',
      'Failed to load video',
      'This field is required',
      'Required',
      'It should contain no more than {{count}} characters',
      'It should contain at least {{count}} characters',
      'It should contain no more than {{count}} tags',
      'It should contain at least {{count}} tags',
      'Tag already exists',
      'Duration > {{min}}',
      'You are not authorized to perform this action',
      "This district's title is already taken",
      'Subdomain cannot be "{{value}}"',
      'Use only lowercase letters, numbers, and hyphens, with no spaces or special characters.',
      'You need to select your free premade space in order to continue.',
      'Please select a subscription plan in order to proceed.',
      "Can't have more than 1 3D model files",
      'Continue Without Pro',
      'Keep Pro Subscription',
      'Pay and publish',
      'No matching templates found for the selected tags.',
      'No templates are available.',
      'No props found',
      'There are no available animations for the uploaded 3d object.',
      'There are no guided tours.',
      'Sort By',
      'Search...',
      'Article not found.',
      'Unknown Resource.',
      'No FAQs available.',
      'No Glossary available.',
      'Unknown Author',
      'Untitled',
      'Untitled space',
      'Table of Contents',
      'Read More',
      'Tags:',
      'No tags',
      'Updated on:',
      '{{count}} min read',
      'Ground Level',
      'Visit Space',
      'Free',
      'Purchased',
    ];
    expect(quotes.filter((quote) => !values.has(quote))).toEqual([]);
  });
});

describe('i18n', () => {
  it('is ready as soon as it is imported', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('en');
    expect(i18n.t('errors.pageNotFound')).toBe('Page not found');
    expect(initI18n()).toBe(i18n);
  });

  it('interpolates without escaping and picks plural forms', () => {
    expect(i18n.t('validation.district.subdomainReserved', { value: 'www' })).toBe(
      'Subdomain cannot be "www"',
    );
    expect(i18n.t('validation.maxLength', { count: 1 })).toBe('It should contain no more than 1 character');
    expect(i18n.t('validation.maxLength', { count: 50 })).toBe(
      'It should contain no more than 50 characters',
    );
    expect(i18n.t('time.minutesAgo', { count: 5 })).toBe('5m ago');
  });

  it('answers the keys the spec names', () => {
    expect(i18n.t('Validation.Error.Required')).toBe('This field is required');
    expect(i18n.t('Global.DraftLimit.Message')).toBe(i18n.t('space.draftLimit.message'));
    expect(i18n.t('Editor.Steps.Publish.Form.Step.Publish.Error.InsufficientCredits')).toBe(
      'Insufficient credits to publish. Select a credit package to proceed.',
    );
  });
});
