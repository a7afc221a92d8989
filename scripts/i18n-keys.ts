/**
 * Helps translate the UI catalogue.
 *
 *   node --import tsx scripts/i18n-keys.ts [list] [section…]
 *     prints the full English catalogue (en.json merged with every part, the way
 *     src/i18n/fullCatalogue.ts merges them) flattened, one `key<TAB>value` a line, by top-level section.
 *   node --import tsx scripts/i18n-keys.ts sections
 *     prints each top-level section with its number of strings.
 *   node --import tsx scripts/i18n-keys.ts build <dir> <out.json>
 *     walks the English tree and writes a catalogue with the same keys, in the same order, taking each
 *     value from the flat `{ "key": "translation" }` JSON files in <dir>. For every `_one`/`_other` pair it
 *     also writes `_many` (languages such as Spanish and French need it), from `_many` if given, else from
 *     `_other`. Reports keys without a translation (and writes the English there).
 *
 * The catalogue is read with fs rather than imported: plain node will not import JSON without attributes.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Tree = { [key: string]: string | Tree };

const i18nDir = join(import.meta.dirname, '../src/i18n');

/** Same order as src/i18n/index.ts (englishCatalogue), then src/i18n/fullCatalogue.ts. */
const partOrder = [
  'publishWizard',
  'exploreSpaces',
  'sharing',
  'commerce',
  'assetFailures',
  'viewerShell',
  'viewerMap',
  'viewerA11y',
  'social',
  'spaceReactions',
  'insights',
  'districtShell',
  'comments',
  'districts',
  'groups',
  'districtGroups',
  'districtLibrary',
  'sceneEvents',
  'directMessages',
  'voice',
  'party',
  'avatar',
  'dev',
  'operator',
  'contactForm',
  'resourcePages',
  'migration',
  'newsletter',
  'assetUpload',
];

const readJson = (path: string): Tree => JSON.parse(readFileSync(path, 'utf8')) as Tree;

function merge(into: Tree, extra: Tree): Tree {
  const out: Tree = { ...into };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
}

export function englishTree(): Tree {
  const parts = readdirSync(join(i18nDir, 'parts')).map((name) => name.replace(/\.json$/, ''));
  const unknown = parts.filter((name) => !partOrder.includes(name));
  if (unknown.length) throw new Error(`parts not in partOrder: ${unknown.join(', ')}`);
  return partOrder.reduce(
    (all, name) => merge(all, readJson(join(i18nDir, 'parts', `${name}.json`))),
    readJson(join(i18nDir, 'en.json')),
  );
}

export function flatten(node: Tree, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' ? flatten(value, path) : [[path, value] as [string, string]];
  });
}

function build(dir: string, outPath: string) {
  const translations: Record<string, string> = {};
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    Object.assign(translations, JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, string>);
  }
  const missing: string[] = [];
  const used = new Set<string>();
  const take = (path: string, english: string): string => {
    used.add(path);
    const value = translations[path];
    if (typeof value === 'string') return value;
    missing.push(path);
    return english;
  };
  const walk = (node: Tree, prefix: string): Tree => {
    const out: Tree = {};
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'object') {
        out[key] = walk(value, path);
        continue;
      }
      out[key] = take(path, value);
      const stem = key.replace(/_other$/, '');
      if (key.endsWith('_other') && typeof node[`${stem}_one`] === 'string' && !(`${stem}_many` in node)) {
        const manyPath = prefix ? `${prefix}.${stem}_many` : `${stem}_many`;
        used.add(manyPath);
        out[`${stem}_many`] = translations[manyPath] ?? (out[key] as string);
      }
    }
    return out;
  };
  const tree = walk(englishTree(), '');
  writeFileSync(outPath, `${JSON.stringify(tree, null, 2)}\n`);
  const unused = Object.keys(translations).filter((key) => !used.has(key));
  console.log(`wrote ${outPath}: ${flatten(tree).length} strings`);
  if (missing.length) console.log(`missing ${missing.length}:\n  ${missing.join('\n  ')}`);
  if (unused.length) console.log(`unused ${unused.length}:\n  ${unused.join('\n  ')}`);
}

const [mode = 'list', ...args] = process.argv.slice(2);
if (mode === 'build') {
  const [dir, out] = args;
  if (!dir || !out) throw new Error('usage: build <dir> <out.json>');
  build(dir, out);
} else if (mode === 'sections') {
  for (const [section, value] of Object.entries(englishTree())) {
    console.log(`${section}\t${typeof value === 'object' ? flatten(value).length : 1}`);
  }
} else {
  const sections = mode === 'list' ? args : [mode, ...args];
  for (const [section, value] of Object.entries(englishTree())) {
    if (sections.length && !sections.includes(section)) continue;
    console.log(`## ${section}`);
    for (const [key, text] of typeof value === 'object' ? flatten(value, section) : [[section, value]]) {
      console.log(`${key}\t${text}`);
    }
  }
}
