import { fontCoverage } from './fontCoverage';

/**
 * The built-in fonts 3D texts are drawn with (served from our own origin), and the characters each
 * can draw. A space's own fonts (scene content `fonts`) win over these by family; texts in a font of
 * the space's own are not checked here, since only the font file knows what it can draw.
 */

export const builtInFontFamilies = ['Roboto', 'Merriweather', 'Playfair Display', 'Roboto Mono'] as const;
export type BuiltInFontFamily = (typeof builtInFontFamilies)[number];
export const defaultFontFamily: BuiltInFontFamily = 'Roboto';

/** The built-in family `name` names (case-insensitively), if any. */
export function builtInFontFamily(name: string | undefined): BuiltInFontFamily | undefined {
  const wanted = name?.trim().toLowerCase();
  return builtInFontFamilies.find((family) => family.toLowerCase() === wanted);
}

/** Line breaks, tabs and spaces lay the text out; a font needs no glyph for them. */
const layoutCharacter = /^\s$/u;

function covers(ranges: readonly (readonly [number, number])[], codePoint: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [first, last] = ranges[mid];
    if (codePoint < first) high = mid - 1;
    else if (codePoint > last) low = mid + 1;
    else return true;
  }
  return false;
}

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('en', { granularity: 'grapheme' })
    : null;

/** The text's characters as people see them (an emoji with its modifiers is one). */
function characters(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
}

/**
 * The characters of `text` that the built-in `family` cannot draw, each once, in the order they
 * first appear. Spaces and line breaks are fine.
 */
export function unsupportedCharacters(text: string, family: BuiltInFontFamily): string[] {
  const ranges = fontCoverage[family] ?? [];
  // Most texts are all drawable: say so without splitting them into characters.
  let drawable = true;
  for (const unit of text) {
    if (!covers(ranges, unit.codePointAt(0)!) && !layoutCharacter.test(unit)) {
      drawable = false;
      break;
    }
  }
  if (drawable) return [];
  const found = new Set<string>();
  for (const character of characters(text)) {
    if (found.has(character)) continue;
    for (const unit of character) {
      if (!covers(ranges, unit.codePointAt(0)!) && !layoutCharacter.test(unit)) {
        found.add(character);
        break;
      }
    }
  }
  return [...found];
}

/**
 * The characters a text cannot be drawn with, for a text in the font family `font` in a space whose
 * own fonts are `ownFamilies`: none when the family is one of the space's own or not built in.
 */
export function unsupportedTextCharacters(
  text: string,
  font: string | undefined,
  ownFamilies: readonly string[] = [],
): string[] {
  const wanted = (font ?? defaultFontFamily).trim().toLowerCase();
  if (ownFamilies.some((family) => family.trim().toLowerCase() === wanted)) return [];
  const family = builtInFontFamily(font ?? defaultFontFamily);
  return family ? unsupportedCharacters(text, family) : [];
}

/** districts-commerce-spaces.md §8: the message refusing a text's characters. */
export const unsupportedCharactersMessage = (found: readonly string[]) =>
  `The following characters are not supported: ${found.join(' ')}`;

/** One text a document cannot keep: where it is and the characters its font cannot draw. */
export interface UnsupportedTextCharacters {
  path: string;
  id: string;
  characters: string[];
}

/** The document's texts that their built-in fonts cannot draw (the document's own fonts win). */
export function unsupportedTextsOf(content: {
  texts3d: readonly { id: string; text: string; font: string }[];
  fonts: readonly { family: string }[];
}): UnsupportedTextCharacters[] {
  const own = content.fonts.map((f) => f.family);
  const found: UnsupportedTextCharacters[] = [];
  content.texts3d.forEach((text, index) => {
    const characters = unsupportedTextCharacters(text.text, text.font, own);
    if (characters.length > 0) found.push({ path: `texts3d[${index}].text`, id: text.id, characters });
  });
  return found;
}
