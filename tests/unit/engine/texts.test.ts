import { describe, expect, it } from 'vitest';
import { builtInFontFamilies } from '../../../contracts/fonts';
import { builtInFontFiles, fontUrlFor } from '../../../src/engine/web/build/fonts';
import {
  colorAndOpacity,
  lineExtents,
  smallCapsStyleRanges,
  transformCase,
} from '../../../src/engine/web/build/texts';

describe('3D text letter case', () => {
  it('draws upper and lower case', () => {
    expect(transformCase('Café au lait', 'UpperCase')).toEqual({ text: 'CAFÉ AU LAIT', smallCaps: [] });
    expect(transformCase('Café AU Lait', 'LowerCase')).toEqual({ text: 'café au lait', smallCaps: [] });
    expect(transformCase('Café', 'None')).toEqual({ text: 'Café', smallCaps: [] });
  });

  it('draws small capitals as smaller capitals, in ranges of the drawn text', () => {
    expect(transformCase('Café Noir', 'SmallCaps')).toEqual({
      text: 'CAFÉ NOIR',
      smallCaps: [
        [1, 4],
        [6, 9],
      ],
    });
    // A letter whose capital is longer keeps the ranges on the drawn text.
    expect(transformCase('Straße 1', 'SmallCaps')).toEqual({ text: 'STRASSE 1', smallCaps: [[1, 7]] });
    // Troika then colours glyphs itself, taking the colour as linear.
    expect(smallCapsStyleRanges([[1, 4]], 0.2, '#ff0000')).toEqual({
      0: { color: 0xff0000 },
      1: { size: 0.2 },
      4: { size: null },
    });
    expect(smallCapsStyleRanges([[0, 2]], 0.2, '#808080')).toEqual({
      0: { size: 0.2, color: 0x373737 },
      2: { size: null },
    });
    expect(smallCapsStyleRanges([], 0.2, '#000000')).toBeNull();
  });

  it('reads a colour’s opacity', () => {
    expect(colorAndOpacity('#336699')).toEqual({ rgb: '#336699', opacity: 1 });
    expect(colorAndOpacity('#abc')).toEqual({ rgb: '#abc', opacity: 1 });
    expect(colorAndOpacity('#00000080')).toEqual({ rgb: '#000000', opacity: 128 / 255 });
  });
});

describe('3D text fonts', () => {
  const text = { font: 'Roboto', bold: false, italic: false };

  it('draws each built-in family in its weight and style, Roboto for an unknown family', () => {
    for (const family of builtInFontFamilies) {
      const files = builtInFontFiles[family];
      expect(new Set(Object.values(files)).size, family).toBe(4);
      expect(fontUrlFor({ ...text, font: family.toLowerCase() }, [])).toBe(files.regular);
      expect(fontUrlFor({ font: family, bold: true, italic: false }, [])).toBe(files.bold);
      expect(fontUrlFor({ font: family, bold: false, italic: true }, [])).toBe(files.italic);
      expect(fontUrlFor({ font: family, bold: true, italic: true }, [])).toBe(files.boldItalic);
    }
    expect(fontUrlFor({ ...text, font: 'Unknown' }, [])).toBe(builtInFontFiles.Roboto.regular);
  });

  it('prefers the document’s own font of a family', () => {
    const own = [{ family: 'merriweather', uri: '/fonts/own.woff' }];
    expect(fontUrlFor({ ...text, font: 'Merriweather', bold: true }, own)).toBe('/fonts/own.woff');
  });

  it('finds the extent of each line for underlines', () => {
    const carets = new Float32Array([0, 1, -0.5, 0, 1, 2, -0.5, 0, 0, 3, -1.5, 0]);
    expect([...lineExtents(carets)]).toEqual([
      [-0.5, [0, 2]],
      [-1.5, [0, 3]],
    ]);
  });
});
