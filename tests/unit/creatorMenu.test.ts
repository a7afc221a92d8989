import { describe, expect, it } from 'vitest';
import { creatorActions } from '../../src/machines/creatorMenu';

describe('the creator dropdown', () => {
  it('offers greet, chat and invite to a signed-in visitor outside an embed, and mute while present', () => {
    expect(creatorActions({ signedIn: true, isMe: false, embed: false, ignored: null })).toEqual([
      'greet',
      'chat',
      'invite',
      'mute',
    ]);
    // Not present in the space (no live visit): nothing to mute there.
    expect(creatorActions({ signedIn: true, isMe: false, embed: false, ignored: undefined })).toEqual([
      'greet',
      'chat',
      'invite',
    ]);
  });

  it('lets a visitor who muted the creator unmute them, and leaves a block to the Who is here list', () => {
    expect(creatorActions({ signedIn: true, isMe: false, embed: false, ignored: 'mute' })).toContain(
      'unmute',
    );
    expect(creatorActions({ signedIn: true, isMe: false, embed: false, ignored: 'mute' })).not.toContain(
      'mute',
    );
    expect(creatorActions({ signedIn: true, isMe: false, embed: false, ignored: 'block' })).toEqual([
      'greet',
      'chat',
      'invite',
    ]);
  });

  it('offers a signed-out or embedded visitor only muting, and the creator nothing', () => {
    expect(creatorActions({ signedIn: false, isMe: false, embed: false, ignored: null })).toEqual(['mute']);
    expect(creatorActions({ signedIn: true, isMe: false, embed: true, ignored: undefined })).toEqual([]);
    expect(creatorActions({ signedIn: false, isMe: false, embed: false, ignored: undefined })).toEqual([]);
    for (const ignored of [null, undefined, 'mute', 'block'] as const)
      expect(creatorActions({ signedIn: true, isMe: true, embed: false, ignored })).toEqual([]);
  });
});
