import { describe, expect, it } from 'vitest';
import { partyRules, type PartyMove } from '../../../contracts/parties';
import { PartyMoves } from '../../../server/services/liveService/partyMoves';

describe('a party following its leader', () => {
  const setUp = () => {
    let now = 1_000_000;
    const sent: [string, PartyMove][] = [];
    const moves = new PartyMoves(
      async (userId) =>
        ['ana', 'ben', 'cai'].includes(userId)
          ? { partyId: 'p1', leaderId: 'ana', memberIds: ['ana', 'ben', 'cai'] }
          : null,
      async (userId, move) => void sent.push([userId, move]),
      async (userId, sceneId) => !(userId === 'cai' && sceneId === 'private'),
      () => now,
    );
    return { moves, sent, later: (ms: number) => (now += ms) };
  };
  const ana = { userId: 'ana', name: 'Ana' };

  it('sends the other members where the leader went, once', async () => {
    const { moves, sent } = setUp();
    moves.left('ana', 'gallery');
    expect(await moves.entered(ana, 'garden', 'i1')).toEqual(['ben', 'cai']);
    expect(sent.map(([userId, move]) => [userId, move.fromSceneId, move.sceneId])).toEqual([
      ['ben', 'gallery', 'garden'],
      ['cai', 'gallery', 'garden'],
    ]);
    // Entering again (a reload) takes nobody along.
    expect(await moves.entered(ana, 'garden', 'i1')).toEqual([]);
  });

  it('takes nobody along when the leader comes back to the same space, comes from nowhere, or waited too long', async () => {
    const { moves, later } = setUp();
    expect(await moves.entered(ana, 'garden', 'i1')).toEqual([]);
    moves.left('ana', 'garden');
    expect(await moves.entered(ana, 'garden', 'i1')).toEqual([]);
    moves.left('ana', 'gallery');
    later(partyRules.moveWindowMs + 1);
    expect(await moves.entered(ana, 'garden', 'i1')).toEqual([]);
    moves.left('ana', 'gallery');
    later(partyRules.moveWindowMs + 1);
    moves.forgetOld();
    later(-partyRules.moveWindowMs);
    expect(await moves.entered(ana, 'garden', 'i1')).toEqual([]);
  });

  it('leaves behind a member who may not enter the new space', async () => {
    const { moves, sent } = setUp();
    moves.left('ana', 'gallery');
    expect(await moves.entered(ana, 'private', 'i1')).toEqual(['ben']);
    expect(sent.map(([userId]) => userId)).toEqual(['ben']);
  });

  it('does not move anyone when a member moves', async () => {
    const { moves, sent } = setUp();
    moves.left('ben', 'gallery');
    expect(await moves.entered({ userId: 'ben', name: 'Ben' }, 'garden', 'i1')).toEqual([]);
    expect(sent).toEqual([]);
  });
});
