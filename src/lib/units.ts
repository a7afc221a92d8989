/**
 * Lengths as the editor shows them (platform.md §2.6: "Unit choice: inches or meters"). The
 * document is always in metres; only what the author reads and types changes.
 */

export type LengthUnits = 'metres' | 'inches';

export const metresPerInch = 0.0254;

/** Decimals shown: centimetres for metres, tenths for inches. */
const decimals: Record<LengthUnits, number> = { metres: 2, inches: 1 };
const symbols: Record<LengthUnits, string> = { metres: 'm', inches: 'in' };

export const unitSymbol = (units: LengthUnits) => symbols[units];

/** A length in metres as a number in `units`, rounded as it is shown (4 → 4 or 157.5). */
export function lengthInUnits(metres: number, units: LengthUnits): number {
  const value = units === 'metres' ? metres : metres / metresPerInch;
  const factor = 10 ** decimals[units];
  // Adding 0 turns -0 into 0.
  return Math.round(value * factor) / factor + 0;
}

/** A length in metres as text: '4.00 m', '157.5 in'. */
export function formatLength(metres: number, units: LengthUnits): string {
  if (!Number.isFinite(metres)) return `– ${symbols[units]}`;
  return `${lengthInUnits(metres, units).toFixed(decimals[units])} ${symbols[units]}`;
}

const toMetres: Record<string, number> = {
  m: 1,
  cm: 0.01,
  mm: 0.001,
  in: metresPerInch,
  inch: metresPerInch,
  inches: metresPerInch,
  '"': metresPerInch,
  ft: 12 * metresPerInch,
  "'": 12 * metresPerInch,
};

/**
 * Reads a length the author typed, in metres: a number ('1.5', '1,5', '.5', '-2') in `units`, or
 * with its own unit ('150 cm', '59 in', '59"', '4 ft', '2m'). Null when it is not a length.
 */
export function parseLength(text: string, units: LengthUnits): number | null {
  const match = /^(-?(?:\d+(?:[.,]\d*)?|[.,]\d+))\s*(m|cm|mm|in|inch|inches|"|ft|')?$/i.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1].replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  const factor = match[2] ? toMetres[match[2].toLowerCase()] : units === 'metres' ? 1 : metresPerInch;
  return value * factor;
}
