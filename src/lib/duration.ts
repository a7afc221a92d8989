/**
 * Duration input (platform.md §5): "digits only, each part at most 59, over 3599 seconds shows
 * 59:59"; "Duration at least a minimum (default 3): 'Duration > {min}'".
 *
 * A duration is typed as seconds ('90') or as minutes and seconds ('1:30'). The field accepts
 * digits and one colon; each part of 'm:ss' is at most 59, and the longest duration is 59:59
 * (3599 seconds).
 */

export const maxDurationSeconds = 3599;
export const defaultMinDurationSeconds = 3;

/** Keeps digits and the first colon. */
export function sanitizeDurationText(text: string): string {
  const kept = text.replace(/[^\d:]/g, '');
  const colon = kept.indexOf(':');
  return colon === -1 ? kept : kept.slice(0, colon + 1) + kept.slice(colon + 1).replace(/:/g, '');
}

/** Seconds as 'mm:ss', at most '59:59'. */
export function formatDuration(seconds: number): string {
  const total = Math.min(maxDurationSeconds, Math.max(0, Math.floor(seconds)));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/**
 * The seconds a duration text stands for: plain digits are seconds (at most 3599), 'm:ss' has
 * each part clamped to 59 (an empty part is 0). Null for text with no digits.
 */
export function parseDuration(text: string): number | null {
  const clean = sanitizeDurationText(text);
  if (!/\d/.test(clean)) return null;
  if (!clean.includes(':')) return Math.min(maxDurationSeconds, Number(clean));
  const [minutes, seconds] = clean.split(':').map((part) => Math.min(59, Number(part || '0')));
  return minutes * 60 + seconds;
}

/**
 * What the field shows once the author leaves it: plain seconds up to 3599 stay as typed (without
 * leading zeros); longer ones show '59:59'; 'm:ss' shows as 'mm:ss' with its parts clamped.
 */
export function normaliseDurationText(text: string): string {
  const clean = sanitizeDurationText(text);
  const seconds = parseDuration(clean);
  if (seconds === null) return clean;
  if (clean.includes(':') || Number(clean) > maxDurationSeconds) return formatDuration(seconds);
  return String(seconds);
}

/** Whether a duration is too short to use ('Duration > {min}' is shown then). */
export const isDurationTooShort = (seconds: number, min = defaultMinDurationSeconds) => seconds < min;
