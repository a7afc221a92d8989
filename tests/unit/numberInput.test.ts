import { describe, expect, it } from 'vitest';
import { blockedNumberKeys, clampedInteger, digitsOnly, integerTextOnBlur } from '../../src/lib/numberInput';

describe('whole-number input', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('-1e+2.5')).toBe('125');
    expect(digitsOnly('abc')).toBe('');
  });

  it('blocks minus, plus and e', () => {
    expect(blockedNumberKeys).toEqual(expect.arrayContaining(['-', '+', 'e', 'E']));
  });

  it('clamps to the range', () => {
    expect(clampedInteger('0', 1, 1000)).toBe(1);
    expect(clampedInteger('60', 1, 1000)).toBe(60);
    expect(clampedInteger('123456', 1, 1000)).toBe(1000);
    expect(clampedInteger('', 1, 1000)).toBeNull();
  });

  it('reverts to the last value when left empty', () => {
    expect(integerTextOnBlur('', 1, 1000, 60)).toBe('60');
    expect(integerTextOnBlur('2000', 1, 1000, 60)).toBe('1000');
    expect(integerTextOnBlur('007', 1, 1000, 60)).toBe('7');
  });
});
