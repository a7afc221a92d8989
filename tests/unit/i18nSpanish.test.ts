import { describe, expect, it } from 'vitest';
import es from '../../src/i18n/es.json';
import { fullCatalogue } from '../../src/i18n/fullCatalogue';

type Catalogue = { [key: string]: string | Catalogue };

function leaves(node: Catalogue, prefix = ''): [string, unknown][] {
  return Object.entries(node).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? leaves(value as Catalogue, path)
      : [[path, value] as [string, unknown]];
  });
}

const english = new Map(leaves(fullCatalogue as Catalogue));
const spanish = new Map(leaves(es as Catalogue));

/** Spanish needs the `many` plural category (Intl.PluralRules); its English counterpart is `_other`. */
const englishKeyOf = (key: string) => (key.endsWith('_many') ? key.replace(/_many$/, '_other') : key);
const isExtraPlural = (key: string) => key.endsWith('_many') && english.has(englishKeyOf(key));

const placeholders = (text: string) => [...new Set(text.match(/\{\{[^}]+\}\}/g) ?? [])].sort();

describe('Spanish catalogue (es.json)', () => {
  it('has every key of the full English catalogue', () => {
    const missing = [...english.keys()].filter((key) => !spanish.has(key));
    expect(missing, `missing in es.json:\n${missing.join('\n')}`).toEqual([]);
  });

  it('has no key the English catalogue lacks (but the `_many` plural forms)', () => {
    const extra = [...spanish.keys()].filter((key) => !english.has(key) && !isExtraPlural(key));
    expect(extra, `not in the English catalogue:\n${extra.join('\n')}`).toEqual([]);
  });

  it('gives `_many` for every plural that has `_one` and `_other`', () => {
    const missing = [...english.keys()]
      .filter((key) => key.endsWith('_other') && english.has(key.replace(/_other$/, '_one')))
      .map((key) => key.replace(/_other$/, '_many'))
      .filter((key) => !spanish.has(key));
    expect(missing, `plural forms missing _many:\n${missing.join('\n')}`).toEqual([]);
  });

  it('has a non-empty string wherever English has one', () => {
    const wrong = [...spanish.entries()]
      .filter(([key]) => {
        const source = english.get(englishKeyOf(key));
        return typeof source === 'string' && source !== '';
      })
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(wrong, `empty or not a string:\n${wrong.join('\n')}`).toEqual([]);
  });

  it('keeps the interpolation placeholders of each English string', () => {
    const wrong = [...spanish.entries()].flatMap(([key, value]) => {
      const source = english.get(englishKeyOf(key));
      if (typeof source !== 'string' || typeof value !== 'string') return [];
      const want = placeholders(source);
      const got = placeholders(value);
      return want.join() === got.join() ? [] : [`${key}: expected ${want.join(' ')}, got ${got.join(' ')}`];
    });
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('keeps $t(…) nestings unchanged', () => {
    const wrong = [...spanish.entries()].flatMap(([key, value]) => {
      const source = english.get(englishKeyOf(key));
      if (typeof source !== 'string' || typeof value !== 'string') return [];
      const nestings = source.match(/\$t\([^)]*\)/g) ?? [];
      return nestings.every((nesting) => value.includes(nesting)) ? [] : [key];
    });
    expect(wrong, `nestings changed:\n${wrong.join('\n')}`).toEqual([]);
  });

  it('is a translation, not a copy of the English', () => {
    const compared = [...english.entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 3,
    );
    const same = compared.filter(([key, text]) => spanish.get(key) === text);
    expect(same.length / compared.length).toBeLessThan(0.1);
  });
});
