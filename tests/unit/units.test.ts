import { describe, expect, it } from 'vitest';
import { formatLength, lengthInUnits, metresPerInch, parseLength, unitSymbol } from '../../src/lib/units';

describe('formatLength', () => {
  it('shows metres with centimetres and inches with tenths', () => {
    expect(formatLength(4, 'metres')).toBe('4.00 m');
    expect(formatLength(4, 'inches')).toBe('157.5 in');
    expect(formatLength(1.2, 'metres')).toBe('1.20 m');
    expect(formatLength(0.0254, 'inches')).toBe('1.0 in');
    expect(formatLength(0.005, 'metres')).toBe('0.01 m');
    expect(formatLength(0, 'inches')).toBe('0.0 in');
  });

  it('keeps the sign of negative elevations and never shows -0', () => {
    expect(formatLength(-3, 'metres')).toBe('-3.00 m');
    expect(formatLength(-0.001, 'metres')).toBe('0.00 m');
  });

  it('shows a dash for a length that is not a number', () => {
    expect(formatLength(Number.NaN, 'metres')).toBe('– m');
  });
});

describe('lengthInUnits', () => {
  it('gives the number a field shows', () => {
    expect(lengthInUnits(4, 'inches')).toBe(157.5);
    expect(lengthInUnits(1.234, 'metres')).toBe(1.23);
    expect(unitSymbol('inches')).toBe('in');
    expect(unitSymbol('metres')).toBe('m');
  });
});

describe('parseLength', () => {
  it('reads a bare number in the current units', () => {
    expect(parseLength('1.5', 'metres')).toBe(1.5);
    expect(parseLength('10', 'inches')).toBeCloseTo(0.254);
    expect(parseLength(' 1,5 ', 'metres')).toBe(1.5);
    expect(parseLength('.5', 'metres')).toBe(0.5);
    expect(parseLength('-2', 'metres')).toBe(-2);
  });

  it('reads a number with its own unit', () => {
    expect(parseLength('150 cm', 'inches')).toBeCloseTo(1.5);
    expect(parseLength('59 in', 'metres')).toBeCloseTo(59 * metresPerInch);
    expect(parseLength('59"', 'metres')).toBeCloseTo(59 * metresPerInch);
    expect(parseLength('2M', 'inches')).toBe(2);
    expect(parseLength('4 ft', 'metres')).toBeCloseTo(1.2192);
    expect(parseLength('250mm', 'metres')).toBeCloseTo(0.25);
  });

  it('round-trips what formatLength shows', () => {
    expect(parseLength(formatLength(4, 'inches'), 'metres')).toBeCloseTo(4, 2);
    expect(parseLength(formatLength(1.2, 'metres'), 'inches')).toBe(1.2);
  });

  it('gives null for what is not a length', () => {
    for (const text of ['', 'abc', '1.2.3', '1 km', 'm', '--1', '1 2']) {
      expect(parseLength(text, 'metres'), text).toBeNull();
    }
  });
});
