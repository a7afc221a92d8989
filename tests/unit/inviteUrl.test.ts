import { describe, expect, it } from 'vitest';
import { invitedInstance, inviteUrl } from '../../src/lib/viewerUrl';

describe('invitation links', () => {
  it("name the inviter's instance, which the invited visitor's viewer reads back", () => {
    const url = inviteUrl('space 1', '3', 'https://spaces.example');
    expect(url).toBe('https://spaces.example/viewer/space%201?instance=3');
    expect(invitedInstance(new URL(url).search)).toBe('3');
    // Not in an instance yet: the space's own link.
    expect(inviteUrl('s', null, 'https://spaces.example')).toBe('https://spaces.example/viewer/s');
  });

  it('ignore what is not an instance number', () => {
    for (const search of [
      '',
      '?instance=',
      '?instance=abc',
      '?instance=1e3',
      '?instance=-1',
      `?instance=${'9'.repeat(10)}`,
    ])
      expect(invitedInstance(search)).toBeUndefined();
    expect(invitedInstance('?draft=true&instance=12')).toBe('12');
  });
});
