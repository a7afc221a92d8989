import { describe, expect, it } from 'vitest';
import { i18n } from '../../src/i18n';
import {
  formatFileSize,
  isAbsoluteUrl,
  relativeTime,
  relativeTimeParts,
  shortenCount,
} from '../../src/lib/format';

const now = Date.UTC(2026, 4, 15, 12, 0, 0);
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe('relativeTime', () => {
  it.each([
    [0, 'now'],
    [59 * second, 'now'],
    [60 * second, 'now'],
    [61 * second, '1m ago'],
    [59 * minute + 59 * second, '59m ago'],
    [hour, '1h ago'],
    [23 * hour + 59 * minute, '23h ago'],
    [day, '1d ago'],
    [29 * day + 23 * hour, '29d ago'],
    [30 * day, '1mo ago'],
    [59 * day, '1mo ago'],
    [60 * day, '2mo ago'],
    [364 * day, '12mo ago'],
    [365 * day, '1yr ago'],
    [3 * 365 * day + 10 * day, '3yr ago'],
  ])('%i ms ago reads %s', (elapsed, text) => {
    expect(relativeTime(now - elapsed, now)).toBe(text);
  });

  it('reads a future date as now', () => {
    expect(relativeTime(now + hour, now)).toBe('now');
  });

  it('accepts dates, ISO strings and timestamps, and a Date as now', () => {
    const then = new Date(now - 3 * hour);
    expect(relativeTime(then, new Date(now))).toBe('3h ago');
    expect(relativeTime(then.toISOString(), now)).toBe('3h ago');
    expect(relativeTime(then.getTime(), now)).toBe('3h ago');
  });

  it('reads an unreadable date as now instead of failing', () => {
    expect(relativeTime('not a date', now)).toBe('now');
    expect(relativeTime(Number.NaN, now)).toBe('now');
  });

  it('gives the catalogue key and count', () => {
    expect(relativeTimeParts(now - 5 * day, now)).toEqual({ key: 'time.daysAgo', count: 5 });
    expect(relativeTimeParts(now, now)).toEqual({ key: 'time.now', count: 0 });
  });

  it('translates with i18next when given its t', () => {
    const t = (key: string, options: { count: number }) => i18n.t(key, options);
    expect(relativeTime(now - 2 * hour, now, t)).toBe('2h ago');
    expect(relativeTime(now, now, t)).toBe('now');
  });

  it('uses Date.now() by default', () => {
    expect(relativeTime(Date.now() - 2 * day)).toBe('2d ago');
  });
});

describe('shortenCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1049, '1K'],
    [1050, '1K'],
    [1100, '1.1K'],
    [1250, '1.2K'],
    [1999, '1.9K'],
    [10_000, '10K'],
    [123_456, '123.4K'],
    [999_950, '999.9K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [1_500_000, '1.5M'],
    [999_999_999, '999.9M'],
    [1e9, '1B'],
    [2.5e12, '2.5T'],
    [1e15, '1P'],
    [1e18, '1E'],
    [1e21, '1Z'],
    [1e24, '1Y'],
    [1e27, '1000Y'],
  ])('%d → %s', (n, text) => {
    expect(shortenCount(n)).toBe(text);
  });

  it('never shows 1000 of a unit', () => {
    for (const n of [999_999, 999_999_999, 999_999_999_999]) {
      expect(shortenCount(n)).not.toMatch(/^1000/);
    }
  });

  it('keeps the sign of negatives', () => {
    expect(shortenCount(-5)).toBe('-5');
    expect(shortenCount(-1250)).toBe('-1.2K');
    expect(shortenCount(-2_000_000)).toBe('-2M');
  });

  it('handles fractions and non-finite values without failing', () => {
    expect(shortenCount(12.75)).toBe('12.7');
    expect(shortenCount(0.04)).toBe('0');
    expect(shortenCount(-0)).toBe('0');
    expect(shortenCount(Number.NaN)).toBe('0');
    expect(shortenCount(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(shortenCount(Number.NEGATIVE_INFINITY)).toBe('-∞');
  });
});

describe('isAbsoluteUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com/a?b=c',
    'HTTPS://EXAMPLE.COM',
    'ftp://files.example.com/x',
    'blob:http://localhost/0b6f',
  ])('%s is absolute', (url) => {
    expect(isAbsoluteUrl(url)).toBe(true);
  });

  it.each([
    '/viewer/1',
    'viewer/1',
    '//example.com',
    'https-guide/1',
    'mailto:a@b.c',
    'data:x',
    '',
    ' https://x',
  ])('%j is not absolute', (url) => {
    expect(isAbsoluteUrl(url)).toBe(false);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [-1, '0 B'],
    [Number.NaN, '0 B'],
    [500, '500 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [3 * 1024 * 1024, '3 MB'],
    [4_194_304, '4 MB'],
    [8_388_608, '8 MB'],
    [16_777_216, '16 MB'],
    [31_457_280, '30 MB'],
    [1024 * 1024 - 1, '1 MB'],
    [5 * 1024 ** 4, '5 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
