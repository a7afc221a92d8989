import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  isDurationTooShort,
  normaliseDurationText,
  parseDuration,
  sanitizeDurationText,
} from '../../src/lib/duration';

describe('duration input', () => {
  it('takes digits and one colon only', () => {
    expect(sanitizeDurationText('1a2-b3')).toBe('123');
    expect(sanitizeDurationText('1:2:3')).toBe('1:23');
    expect(sanitizeDurationText('-5e2')).toBe('52');
  });

  it('reads plain digits as seconds and m:ss as minutes and seconds', () => {
    expect(parseDuration('5')).toBe(5);
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('1:30')).toBe(90);
    expect(parseDuration(':45')).toBe(45);
    expect(parseDuration('2:')).toBe(120);
    expect(parseDuration('')).toBeNull();
    expect(parseDuration(':')).toBeNull();
  });

  it('keeps each part at most 59', () => {
    expect(parseDuration('1:75')).toBe(60 + 59);
    expect(parseDuration('75:10')).toBe(59 * 60 + 10);
    expect(normaliseDurationText('1:75')).toBe('01:59');
  });

  it('shows 59:59 for more than 3599 seconds', () => {
    expect(parseDuration('3600')).toBe(3599);
    expect(normaliseDurationText('3600')).toBe('59:59');
    expect(normaliseDurationText('99999')).toBe('59:59');
    expect(normaliseDurationText('3599')).toBe('3599');
    expect(formatDuration(10_000)).toBe('59:59');
  });

  it('leaves plain seconds as typed, without leading zeros', () => {
    expect(normaliseDurationText('5')).toBe('5');
    expect(normaliseDurationText('007')).toBe('7');
    expect(normaliseDurationText('')).toBe('');
    expect(normaliseDurationText('0:5')).toBe('00:05');
  });

  it('formats seconds as mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(-3)).toBe('00:00');
  });

  it('is too short below the minimum (default 3)', () => {
    expect(isDurationTooShort(2)).toBe(true);
    expect(isDurationTooShort(3)).toBe(false);
    expect(isDurationTooShort(4, 5)).toBe(true);
  });
});
