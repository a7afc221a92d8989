/**
 * Whole-number inputs such as the font size (platform.md §5): "digits only, clamped to min/max,
 * minus, plus and e blocked, empty reverts on blur".
 */

/** Keeps the digits only (so '-', '+', 'e' and '.' never reach the field). */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** Keys a digits-only field refuses (a number input would otherwise accept them). */
export const blockedNumberKeys = ['-', '+', 'e', 'E', '.', ','] as const;

/** The number a digits-only text stands for, clamped to [min, max]; null when empty. */
export function clampedInteger(text: string, min: number, max: number): number | null {
  const digits = digitsOnly(text);
  if (digits === '') return null;
  return Math.min(max, Math.max(min, Number(digits)));
}

/** What the field shows on blur: the clamped number, or the last value when left empty. */
export function integerTextOnBlur(text: string, min: number, max: number, previous: number): string {
  const value = clampedInteger(text, min, max);
  return String(value ?? previous);
}
