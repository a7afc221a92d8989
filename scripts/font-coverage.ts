/**
 * Writes contracts/fontCoverage.ts: for each built-in font family, the characters every one of its
 * shipped files (regular, bold, italic, bold italic) can draw, read from the files' cmap tables.
 * Run after changing the built-in fonts: `npm run font-coverage`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { inflateSync } from 'node:zlib';
import { format, resolveConfig } from 'prettier';

const require = createRequire(import.meta.url);

/** Families and their @fontsource package, in the order the font picker lists them. */
const families = {
  Roboto: 'roboto',
  Merriweather: 'merriweather',
  'Playfair Display': 'playfair-display',
  'Roboto Mono': 'roboto-mono',
} as const;
const files = ['400-normal', '700-normal', '400-italic', '700-italic'];

/** The sfnt table named `tag` in a WOFF 1 file. */
function woffTable(woff: Buffer, tag: string): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF file');
  const numTables = woff.readUInt16BE(12);
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    if (woff.toString('latin1', entry, entry + 4) !== tag) continue;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const data = woff.subarray(offset, offset + compLength);
    return compLength < origLength ? inflateSync(data) : data;
  }
  throw new Error(`No ${tag} table`);
}

/** Code points a cmap maps to a glyph other than .notdef (formats 4 and 12). */
function cmapCodePoints(cmap: Buffer): Set<number> {
  const points = new Set<number>();
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
    const table = cmap.subarray(cmap.readUInt32BE(8 + i * 8));
    const format = table.readUInt16BE(0);
    if (format === 12) {
      const groups = table.readUInt32BE(12);
      for (let g = 0; g < groups; g++) {
        const start = table.readUInt32BE(16 + g * 12);
        const end = table.readUInt32BE(20 + g * 12);
        const glyph = table.readUInt32BE(24 + g * 12);
        for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) points.add(c);
      }
    } else if (format === 4) {
      const segments = table.readUInt16BE(6) / 2;
      const ends = 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = table.readUInt16BE(ends + s * 2);
        const start = table.readUInt16BE(starts + s * 2);
        const delta = table.readInt16BE(deltas + s * 2);
        const rangeOffset = table.readUInt16BE(rangeOffsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const at = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2;
            glyph = table.readUInt16BE(at);
            if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          }
          if (glyph !== 0) points.add(c);
        }
      }
    }
  }
  return points;
}

function ranges(points: Set<number>): [number, number][] {
  const sorted = [...points].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (last && p === last[1] + 1) last[1] = p;
    else out.push([p, p]);
  }
  return out;
}

/** Per family, the code point ranges all its files draw. */
export function readFontCoverage(): Record<string, [number, number][]> {
  const coverage: Record<string, [number, number][]> = {};
  for (const [family, pkg] of Object.entries(families)) {
    const sets = files.map((file) => {
      const path = require.resolve(`@fontsource/${pkg}/files/${pkg}-latin-${file}.woff`);
      return cmapCodePoints(woffTable(readFileSync(path), 'cmap'));
    });
    const common = new Set([...sets[0]].filter((p) => sets.every((set) => set.has(p))));
    coverage[family] = ranges(common);
  }
  return coverage;
}

async function write() {
  const body = Object.entries(readFontCoverage())
    .map(([family, list]) => `  '${family}': ${JSON.stringify(list)},`)
    .join('\n');
  const target = new URL('../contracts/fontCoverage.ts', import.meta.url);
  const source =
    `// Written by scripts/font-coverage.ts from the fonts' cmap tables; do not edit.\n` +
    `/** Per built-in family, the code point ranges [first, last] all its files can draw. */\n` +
    `export const fontCoverage: Record<string, readonly (readonly [number, number])[]> = {\n${body}\n};\n`;
  const options = (await resolveConfig(target)) ?? {};
  writeFileSync(target, await format(source, { ...options, filepath: target.pathname }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await write();
