import en from '../i18n/en.json';

/** Translates a catalogue key with a count, like i18next's `t` (pass `t` from `useTranslation`). */
export type CountTranslator = (key: string, options: { count: number }) => string;

export type RelativeTimeKey =
  'time.now' | 'time.minutesAgo' | 'time.hoursAgo' | 'time.daysAgo' | 'time.monthsAgo' | 'time.yearsAgo';

export interface RelativeTimeParts {
  /** Catalogue key of the phrase. */
  key: RelativeTimeKey;
  /** Whole units elapsed (0 for 'now'). */
  count: number;
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
/** The spec names months and years without lengths: a month is 30 days, a year 365 days. */
const monthMs = 30 * dayMs;
const yearMs = 365 * dayMs;

function toTime(value: Date | string | number): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return new Date(value).getTime();
}

/**
 * How long ago `date` was, as a catalogue key and a count (platform.md §4: "'now' for 1 minute or
 * less, then m, h, d, mo, yr ago").
 *
 * - 60 seconds or less (and any future date) → 'now'.
 * - Each unit is floored: 61 s → 1m, 59 min 59 s → 59m, 1 h → 1h, 23 h 59 min → 23h, 24 h → 1d.
 * - A month is 30 days and a year 365 days: 29 days → 29d, 30 days → 1mo, 364 days → 12mo,
 *   365 days → 1yr.
 * - A date that cannot be read (invalid string, NaN) counts as 'now' rather than failing a view.
 */
export function relativeTimeParts(
  date: Date | string | number,
  now: Date | number = Date.now(),
): RelativeTimeParts {
  const elapsed = toTime(now) - toTime(date);
  if (!Number.isFinite(elapsed) || elapsed <= minuteMs) return { key: 'time.now', count: 0 };
  if (elapsed < hourMs) return { key: 'time.minutesAgo', count: Math.floor(elapsed / minuteMs) };
  if (elapsed < dayMs) return { key: 'time.hoursAgo', count: Math.floor(elapsed / hourMs) };
  if (elapsed < monthMs) return { key: 'time.daysAgo', count: Math.floor(elapsed / dayMs) };
  if (elapsed < yearMs) return { key: 'time.monthsAgo', count: Math.floor(elapsed / monthMs) };
  return { key: 'time.yearsAgo', count: Math.floor(elapsed / yearMs) };
}

/** Reads a phrase of the English catalogue and fills in `{{count}}`; no i18next needed. */
const englishCount: CountTranslator = (key, { count }) => {
  const phrase = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  return typeof phrase === 'string' ? phrase.replaceAll('{{count}}', String(count)) : key;
};

/**
 * `relativeTimeParts` as text: 'now', '5m ago', '3h ago', '2d ago', '4mo ago', '1yr ago'.
 * Views pass i18next's `t` as `translate` so the phrase follows the active language; without it the
 * English catalogue is used.
 */
export function relativeTime(
  date: Date | string | number,
  now: Date | number = Date.now(),
  translate: CountTranslator = englishCount,
): string {
  const { key, count } = relativeTimeParts(date, now);
  return translate(key, { count });
}

const countSuffixes = ['', 'K', 'M', 'B', 'T', 'P', 'E', 'Z', 'Y'] as const;

/**
 * Shortens a count of 1000 or more with K, M, B, T, P, E, Z, Y (powers of 1000), one decimal,
 * trailing zeros removed (platform.md §9): 999 → '999', 1000 → '1K', 1250 → '1.2K',
 * 1_500_000 → '1.5M'.
 *
 * The decimal is truncated, never rounded up, so a count is never shown larger than it is and a
 * unit never reaches 1000: 1999 → '1.9K', 999_950 → '999.9K', 999_999_999 → '999.9M'.
 * Below 1000 the value is shown as is (truncated to one decimal if it has a fraction).
 * Negatives keep their sign ('-1.2K'); NaN gives '0'; ±Infinity gives '∞' / '-∞'.
 * Past 1000Y the count stays in Y ('1000Y').
 */
export function shortenCount(n: number): string {
  if (Number.isNaN(n)) return '0';
  if (!Number.isFinite(n)) return n > 0 ? '∞' : '-∞';
  const sign = n < 0 ? '-' : '';
  const magnitude = Math.abs(n);
  let unit = 0;
  while (unit < countSuffixes.length - 1 && magnitude >= 1000 ** (unit + 1)) unit += 1;
  // Counting whole tenths of the unit keeps the arithmetic on integers: 1100 / 100 is exactly 11,
  // where 1100 / 1000 * 10 is 11.000000000000002.
  const tenthsOfUnit = unit === 0 ? magnitude * 10 : magnitude / (1000 ** unit / 10);
  const tenths = Math.floor(tenthsOfUnit + 1e-9);
  if (tenths === 0) return '0';
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return `${sign}${whole}${decimal ? `.${decimal}` : ''}${countSuffixes[unit]}`;
}

/**
 * Whether a URL is absolute: it starts with an http, https, ftp or blob scheme (platform.md §5).
 * The scheme must be followed by ':' so a relative path such as 'https-guide/1' is not absolute;
 * case does not matter.
 */
export function isAbsoluteUrl(url: string): boolean {
  return /^(?:https?|ftp|blob):/i.test(url);
}

const fileSizeUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A byte count for people, in powers of 1024 with at most one decimal, trailing zeros removed:
 * 3145728 → '3 MB', 1536 → '1.5 KB', 500 → '500 B'. Used in file-size messages (the upload limits
 * of the spec are powers of two: 3 MB, 8 MB, 30 MB).
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let unit = 0;
  let value = bytes;
  // Compare the rounded value so that 1023.96 KB reads '1 MB', not '1024 KB'.
  while (Math.round(value * 10) / 10 >= 1024 && unit < fileSizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Math.round(value * 10) / 10} ${fileSizeUnits[unit]}`;
}
