import { describe, expect, it } from 'vitest';
import { nearestPeers, samePeers } from '../../src/lib/voicePeers';

const at = (x: number, z = 0) => ({ x, z });

describe('nearestPeers', () => {
  it('chooses the nearest up to the cap, sorted by user id', () => {
    const others = { e: at(5), a: at(1), d: at(4), b: at(2), c: at(3) };
    expect(nearestPeers({ self: at(0), others, current: [], max: 3 })).toEqual(['a', 'b', 'c']);
  });

  it('leaves out whoever is beyond the range', () => {
    const others = { near: at(0, 10), far: at(0, 40) };
    expect(nearestPeers({ self: at(0), others, current: [], max: 6, range: 25 })).toEqual(['near']);
  });

  it('keeps a current peer until a newcomer is nearer by more than the margin', () => {
    const base = { self: at(0), max: 1, margin: 2 };
    // The newcomer is 1 m nearer: the current peer stays.
    expect(nearestPeers({ ...base, others: { old: at(6), new: at(5) }, current: ['old'] })).toEqual(['old']);
    // 3 m nearer: they take the place.
    expect(nearestPeers({ ...base, others: { old: at(6), new: at(3) }, current: ['old'] })).toEqual(['new']);
    // Without the old choice, the nearest wins at once.
    expect(nearestPeers({ ...base, others: { old: at(6), new: at(5) }, current: [] })).toEqual(['new']);
  });

  it('keeps a current peer a little beyond the range, not further', () => {
    const base = { self: at(0), max: 6, range: 25, margin: 2, current: ['p'] };
    expect(nearestPeers({ ...base, others: { p: at(26) } })).toEqual(['p']);
    expect(nearestPeers({ ...base, others: { p: at(28) } })).toEqual([]);
  });

  it('two visitors at the same distance: the smaller user id, in both browsers', () => {
    const others = { b: at(0, 3), a: at(3) };
    expect(nearestPeers({ self: at(0), others, current: [], max: 1 })).toEqual(['a']);
  });

  it('ignores positions that are not numbers, and a cap of 0 chooses nobody', () => {
    expect(nearestPeers({ self: at(0), others: { x: at(Number.NaN) }, current: [], max: 6 })).toEqual([]);
    expect(nearestPeers({ self: at(0), others: { a: at(1) }, current: [], max: 0 })).toEqual([]);
  });
});

describe('samePeers', () => {
  it('compares sorted lists', () => {
    expect(samePeers(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(samePeers(['a'], ['a', 'b'])).toBe(false);
    expect(samePeers(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});
