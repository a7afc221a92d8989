import en from '../i18n/en.json';

/**
 * Colour input (platform.md §5): "hex with 3, 6 or 8 digits; rgb/rgba channels 0-255, alpha 0-1;
 * hsl/hsla hue 0-360, saturation and lightness 0-100; characters limited per format".
 *
 * Every valid colour becomes the document's form (contracts/sceneContent.ts `Color`): lower-case
 * `#rrggbb`, or `#rrggbbaa` when it is not fully opaque.
 */

export const colorFormats = ['hex', 'rgb', 'hsl'] as const;
export type ColorFormat = (typeof colorFormats)[number];

export type ColorErrorKey =
  | 'kit.colorInput.errors.empty'
  | 'kit.colorInput.errors.syntax'
  | 'kit.colorInput.errors.hexDigits'
  | 'kit.colorInput.errors.channelRange'
  | 'kit.colorInput.errors.alphaRange'
  | 'kit.colorInput.errors.hueRange'
  | 'kit.colorInput.errors.percentRange';

export type ParseColorResult =
  | { ok: true; color: string; format: ColorFormat }
  | {
      ok: false;
      /** The problem in English; views show `t(errorKey, values)` instead. */
      error: string;
      errorKey: ColorErrorKey;
      values: Record<string, string>;
    };

/** An example of each format, for messages and placeholders. */
export const colorExamples: Record<ColorFormat, string> = {
  hex: '#1a2b3c',
  rgb: 'rgb(26, 43, 60)',
  hsl: 'hsl(210, 40%, 17%)',
};

const hexDigits = '0123456789abcdefABCDEF';
const allowed: Record<ColorFormat, string> = {
  hex: `#${hexDigits}`,
  rgb: '0123456789rgba(),. /',
  hsl: '0123456789hsla(),.% /',
};

/** The characters a field in this format accepts (platform.md §5: "characters limited per format"). */
export function allowedCharacters(format: ColorFormat): string {
  return allowed[format];
}

/** `#` and 8 digits. */
const maxHexLength = 9;
/** Long enough for `hsla(360.5, 100.5%, 100.5%, 0.999)` with spaces. */
const maxFunctionLength = 48;

/** Drops the characters the format does not accept and cuts the text to the longest valid length. */
export function filterColorText(text: string, format: ColorFormat): string {
  const kept = [...text].filter((c) => allowed[format].includes(c)).join('');
  return kept.slice(0, format === 'hex' ? maxHexLength : maxFunctionLength);
}

/** Which format a text is written in: `rgb…`, `hsl…`, anything else hex. */
export function detectColorFormat(text: string): ColorFormat {
  const start = text.trim().toLowerCase();
  if (start.startsWith('rgb')) return 'rgb';
  if (start.startsWith('hsl')) return 'hsl';
  return 'hex';
}

function lookup(key: string): string {
  const phrase = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  return typeof phrase === 'string' ? phrase : key;
}

function fail(errorKey: ColorErrorKey, values: Record<string, string> = {}): ParseColorResult {
  const error = Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, value),
    lookup(errorKey),
  );
  return { ok: false, error, errorKey, values };
}

const byte = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** `#rrggbb`, with `aa` only when the colour is not fully opaque. */
function toHex(r: number, g: number, b: number, alpha: number): string {
  const a = Math.round(alpha * 255);
  return `#${byte(r)}${byte(g)}${byte(b)}${a < 255 ? byte(a) : ''}`;
}

function parseHex(text: string): ParseColorResult {
  const digits = text.startsWith('#') ? text.slice(1) : text;
  if (!/^[0-9a-f]*$/i.test(digits))
    return fail('kit.colorInput.errors.syntax', { example: colorExamples.hex });
  if (digits.length !== 3 && digits.length !== 6 && digits.length !== 8) {
    return fail('kit.colorInput.errors.hexDigits');
  }
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const channel = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  const alpha = full.length === 8 ? channel(3) / 255 : 1;
  return { ok: true, color: toHex(channel(0), channel(1), channel(2), alpha), format: 'hex' };
}

const number = String.raw`-?(?:\d+(?:\.\d*)?|\.\d+)`;

/**
 * The arguments of `name(...)` or `namea(...)`: three values (the last two with `%` when `percent`)
 * and an optional alpha, separated by commas or by spaces with `/` before the alpha.
 */
function functionArguments(text: string, name: 'rgb' | 'hsl', percent: boolean) {
  const p = percent ? '%?' : '';
  const value = `(${number})`;
  const commas = new RegExp(
    String.raw`^${name}a?\(\s*${value}\s*,\s*${value}${p}\s*,\s*${value}${p}\s*(?:,\s*${value}\s*)?\)$`,
    'i',
  );
  const spaces = new RegExp(
    String.raw`^${name}a?\(\s*${value}\s+${value}${p}\s+${value}${p}\s*(?:/\s*${value}\s*)?\)$`,
    'i',
  );
  const match = commas.exec(text) ?? spaces.exec(text);
  if (!match) return null;
  return { values: match.slice(1, 4).map(Number), alpha: match[4] === undefined ? 1 : Number(match[4]) };
}

const outside = (n: number, min: number, max: number) => !(n >= min && n <= max);

function parseRgb(text: string): ParseColorResult {
  const args = functionArguments(text, 'rgb', false);
  if (!args) return fail('kit.colorInput.errors.syntax', { example: colorExamples.rgb });
  if (args.values.some((n) => outside(n, 0, 255))) return fail('kit.colorInput.errors.channelRange');
  if (outside(args.alpha, 0, 1)) return fail('kit.colorInput.errors.alphaRange');
  const [r, g, b] = args.values;
  return { ok: true, color: toHex(r, g, b, args.alpha), format: 'rgb' };
}

/** HSL (hue in degrees, saturation and lightness 0–1) to RGB channels 0–255. */
export function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [chroma, x, 0]
      : h < 2
        ? [x, chroma, 0]
        : h < 3
          ? [0, chroma, x]
          : h < 4
            ? [0, x, chroma]
            : h < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const m = lightness - chroma / 2;
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

/** RGB channels 0–255 to hue in degrees [0, 360), saturation and lightness 0–1. */
export function rgbToHsl(r: number, g: number, b: number): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return [0, 0, lightness];
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const hue =
    max === rn ? ((gn - bn) / delta) % 6 : max === gn ? (bn - rn) / delta + 2 : (rn - gn) / delta + 4;
  return [(hue * 60 + 360) % 360, saturation, lightness];
}

function parseHsl(text: string): ParseColorResult {
  const args = functionArguments(text, 'hsl', true);
  if (!args) return fail('kit.colorInput.errors.syntax', { example: colorExamples.hsl });
  const [hue, saturation, lightness] = args.values;
  if (outside(hue, 0, 360)) return fail('kit.colorInput.errors.hueRange');
  if (outside(saturation, 0, 100) || outside(lightness, 0, 100)) {
    return fail('kit.colorInput.errors.percentRange');
  }
  if (outside(args.alpha, 0, 1)) return fail('kit.colorInput.errors.alphaRange');
  const [r, g, b] = hslToRgb(hue, saturation / 100, lightness / 100);
  return { ok: true, color: toHex(r, g, b, args.alpha), format: 'hsl' };
}

/**
 * Reads a colour written as hex (`#rgb`, `#rrggbb`, `#rrggbbaa`, the `#` optional), `rgb()`/`rgba()`
 * or `hsl()`/`hsla()` (commas, or spaces with `/ alpha`). With `format` the text must be in that
 * format; without it the format is guessed from how the text starts. Never throws.
 */
export function parseColor(text: string, format: ColorFormat = detectColorFormat(text)): ParseColorResult {
  const trimmed = text.trim();
  if (trimmed === '') return fail('kit.colorInput.errors.empty');
  if (format === 'hex') return parseHex(trimmed);
  if (format === 'rgb') return parseRgb(trimmed);
  return parseHsl(trimmed);
}

const round = (n: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(n * factor) / factor;
};

/**
 * Writes a document colour (`#rgb`, `#rrggbb` or `#rrggbbaa`) in a format, to show in a field:
 * `#1a2b3c`, `rgb(26, 43, 60)`, `rgba(26, 43, 60, 0.5)`, `hsl(210, 40%, 17%)`. Hue, saturation and
 * lightness are rounded to whole numbers, alpha to two decimals. An unreadable colour is returned
 * as it is.
 */
export function formatColor(color: string, format: ColorFormat): string {
  const parsed = parseHex(color.trim());
  if (!parsed.ok) return color;
  const hex = parsed.color;
  if (format === 'hex') return hex;
  const channel = (i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const [r, g, b] = [channel(0), channel(1), channel(2)];
  const alpha = hex.length === 9 ? round(channel(3) / 255, 2) : 1;
  const suffix = alpha < 1 ? `, ${alpha}` : '';
  const a = alpha < 1 ? 'a' : '';
  if (format === 'rgb') return `rgb${a}(${r}, ${g}, ${b}${suffix})`;
  const [h, s, l] = rgbToHsl(r, g, b);
  return `hsl${a}(${Math.round(h) % 360}, ${Math.round(s * 100)}%, ${Math.round(l * 100)}%${suffix})`;
}

/** The opaque `#rrggbb` part of a document colour, for `<input type="color">` and swatches. */
export function opaquePart(color: string): string {
  const parsed = parseHex(color.trim());
  return parsed.ok ? parsed.color.slice(0, 7) : '#000000';
}
