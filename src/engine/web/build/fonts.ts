import merriweatherBoldItalic from '@fontsource/merriweather/files/merriweather-latin-700-italic.woff';
import merriweatherBold from '@fontsource/merriweather/files/merriweather-latin-700-normal.woff';
import merriweatherItalic from '@fontsource/merriweather/files/merriweather-latin-400-italic.woff';
import merriweather from '@fontsource/merriweather/files/merriweather-latin-400-normal.woff';
import playfairBoldItalic from '@fontsource/playfair-display/files/playfair-display-latin-700-italic.woff';
import playfairBold from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff';
import playfairItalic from '@fontsource/playfair-display/files/playfair-display-latin-400-italic.woff';
import playfair from '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff';
import robotoBoldItalic from '@fontsource/roboto/files/roboto-latin-700-italic.woff';
import robotoBold from '@fontsource/roboto/files/roboto-latin-700-normal.woff';
import robotoItalic from '@fontsource/roboto/files/roboto-latin-400-italic.woff';
import roboto from '@fontsource/roboto/files/roboto-latin-400-normal.woff';
import robotoMonoBoldItalic from '@fontsource/roboto-mono/files/roboto-mono-latin-700-italic.woff';
import robotoMonoBold from '@fontsource/roboto-mono/files/roboto-mono-latin-700-normal.woff';
import robotoMonoItalic from '@fontsource/roboto-mono/files/roboto-mono-latin-400-italic.woff';
import robotoMono from '@fontsource/roboto-mono/files/roboto-mono-latin-400-normal.woff';
import {
  type BuiltInFontFamily,
  builtInFontFamily,
  defaultFontFamily,
  type FontRef,
} from '../../../../contracts/sceneContent';

/**
 * The built-in fonts' files (their Latin subsets, bundled and served from our own origin), per
 * family, weight and style. contracts/fonts.ts lists the families and what each can draw, read from
 * these very files by scripts/font-coverage.ts.
 */

export interface FontFiles {
  regular: string;
  bold: string;
  italic: string;
  boldItalic: string;
}

export const builtInFontFiles: Record<BuiltInFontFamily, FontFiles> = {
  Roboto: { regular: roboto, bold: robotoBold, italic: robotoItalic, boldItalic: robotoBoldItalic },
  Merriweather: {
    regular: merriweather,
    bold: merriweatherBold,
    italic: merriweatherItalic,
    boldItalic: merriweatherBoldItalic,
  },
  'Playfair Display': {
    regular: playfair,
    bold: playfairBold,
    italic: playfairItalic,
    boldItalic: playfairBoldItalic,
  },
  'Roboto Mono': {
    regular: robotoMono,
    bold: robotoMonoBold,
    italic: robotoMonoItalic,
    boldItalic: robotoMonoBoldItalic,
  },
};

/**
 * The file a text is drawn with: the document's own font of that family first, else the built-in
 * family in the text's weight and style, else Roboto.
 */
export function fontUrlFor(
  text: { font: string; bold: boolean; italic: boolean },
  fonts: readonly FontRef[],
): string {
  const own = fonts.find((f) => f.family.toLowerCase() === text.font.toLowerCase());
  if (own) return own.uri;
  const files = builtInFontFiles[builtInFontFamily(text.font) ?? defaultFontFamily];
  if (text.bold && text.italic) return files.boldItalic;
  if (text.bold) return files.bold;
  if (text.italic) return files.italic;
  return files.regular;
}
