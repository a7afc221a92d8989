import { describe, expect, it } from 'vitest';
import { AssetInput } from '../../contracts/assets';
import { readFontCoverage } from '../../scripts/font-coverage';
import { fontCoverage } from '../../contracts/fontCoverage';
import {
  builtInFontFamilies,
  builtInFontFamily,
  unsupportedCharacters,
  unsupportedCharactersMessage,
  unsupportedTextCharacters,
  unsupportedTextsOf,
} from '../../contracts/fonts';

describe('built-in fonts', () => {
  it('has the characters of every family, as its files have them now', () => {
    for (const family of builtInFontFamilies) {
      expect(fontCoverage[family]?.length, family).toBeGreaterThan(5);
    }
    // A font upgrade that changes them needs `npm run font-coverage`.
    expect(readFontCoverage()).toEqual(fontCoverage);
    expect(builtInFontFamily('playfair display')).toBe('Playfair Display');
    expect(builtInFontFamily('Comic Sans')).toBeUndefined();
  });

  it('draws Latin text with accents, punctuation, spaces and line breaks', () => {
    const text = 'Café Zürich — “Ñandú” à l’œuvre, 12 € ¿Qué?\nSecond line\r\n\tÆøå ß';
    for (const family of builtInFontFamilies) expect(unsupportedCharacters(text, family), family).toEqual([]);
  });

  it('lists each character it cannot draw once, in the order they come', () => {
    expect(unsupportedCharacters('Hi 😀 漢字 😀 and 漢 again 👍🏽', 'Roboto')).toEqual([
      '😀',
      '漢',
      '字',
      '👍🏽',
    ]);
    expect(unsupportedCharacters('Привет', 'Merriweather')).toEqual(['П', 'р', 'и', 'в', 'е', 'т']);
    expect(unsupportedCharactersMessage(['😀', '漢'])).toBe(
      'The following characters are not supported: 😀 漢',
    );
  });

  it('knows what a family lacks that another has', () => {
    // Playfair Display has no micro sign; Roboto has.
    expect(unsupportedCharacters('5 µm', 'Playfair Display')).toEqual(['µ']);
    expect(unsupportedCharacters('5 µm', 'Roboto')).toEqual([]);
  });

  it('leaves fonts of the space’s own and unknown families unchecked', () => {
    expect(unsupportedTextCharacters('漢字', undefined)).toEqual(['漢', '字']);
    expect(unsupportedTextCharacters('漢字', 'roboto')).toEqual(['漢', '字']);
    expect(unsupportedTextCharacters('漢字', 'Noto Sans JP')).toEqual([]);
    expect(unsupportedTextCharacters('漢字', 'Roboto', ['Roboto'])).toEqual([]);
  });

  it('finds the texts of a document its fonts cannot draw', () => {
    const texts3d = [
      { id: 'a', text: 'Fine', font: 'Roboto' },
      { id: 'b', text: 'Smile 😀', font: 'Merriweather' },
      { id: 'c', text: '漢字', font: 'Own Font' },
    ];
    expect(unsupportedTextsOf({ texts3d, fonts: [{ family: 'Own Font' }] })).toEqual([
      { path: 'texts3d[1].text', id: 'b', characters: ['😀'] },
    ]);
  });
});

describe('text asset inputs', () => {
  const text = (content: string, fontFamily?: string, type: 'text3d' | 'hyperText' = 'text3d') =>
    AssetInput.safeParse({
      type,
      title: 'Sign',
      content,
      ...(fontFamily ? { fontFamily } : {}),
      ...(type === 'hyperText' ? { hyperText: 'https://example.com' } : {}),
    });

  it('takes Latin text and refuses characters the font cannot draw, naming each once', () => {
    expect(text('Crème brûlée', 'Merriweather').success).toBe(true);
    for (const type of ['text3d', 'hyperText'] as const) {
      const result = text('Hello 😀 world 😀 中', 'Roboto', type);
      expect(result.success, type).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: ['content'],
          message: 'The following characters are not supported: 😀 中',
        }),
      ]);
    }
    // Without a family the text is drawn in Roboto; a font of the creator's own is not checked.
    expect(text('中').success).toBe(false);
    expect(text('中', 'Noto Sans SC').success).toBe(true);
  });
});
