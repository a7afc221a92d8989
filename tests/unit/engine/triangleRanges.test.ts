import { describe, expect, it } from 'vitest';
import { rangeOfTriangle } from '../../../src/engine/web/build/triangleRanges';

describe('rangeOfTriangle', () => {
  const ranges = [
    { start: 0, count: 2, id: 'a' },
    { start: 2, count: 10, id: 'b' },
    { start: 20, count: 1, id: 'c' },
  ];

  it('names the object a clicked triangle belongs to', () => {
    expect([0, 1, 2, 11, 20].map((t) => rangeOfTriangle(ranges, t)?.id)).toEqual(['a', 'a', 'b', 'b', 'c']);
  });

  it('names none for a triangle between ranges or outside them', () => {
    expect([12, 19, 21, -1].map((t) => rangeOfTriangle(ranges, t))).toEqual([null, null, null, null]);
    expect(rangeOfTriangle([], 0)).toBeNull();
  });
});
