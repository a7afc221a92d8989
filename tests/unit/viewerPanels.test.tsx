import { describe, expect, it } from 'vitest';
import type { SceneMetadata } from '../../contracts/scenes';
import { rankRelated } from '../../src/views/viewer/MorePanel';
import { panelsFor } from '../../src/views/viewer/panels';

const ids = (panels: readonly { id: string }[]) => panels.map((panel) => panel.id);
const full = { signIn: false, communications: true };
const bareEmbed = { signIn: false, communications: false };

describe('the viewer panel table', () => {
  it('gives the full page every panel, in toolbar order', () => {
    expect(ids(panelsFor(false, full))).toEqual([
      'info',
      'emotes',
      'share',
      'paths',
      'map',
      'chat',
      'voice',
      'events',
      'party',
      'more',
      'settings',
      'sound',
    ]);
  });

  it('leaves other spaces out of an embed, which keeps info, share, paths, map, settings and sound', () => {
    expect(ids(panelsFor(true, bareEmbed))).toEqual([
      'info',
      'share',
      'paths',
      'map',
      'events',
      'settings',
      'sound',
    ]);
  });

  it('shows the chat, voice and the emotes only where the flags allow communications', () => {
    for (const id of ['chat', 'voice', 'emotes']) {
      expect(ids(panelsFor(true, bareEmbed))).not.toContain(id);
      expect(ids(panelsFor(true, { ...bareEmbed, communications: true }))).toContain(id);
    }
    expect(ids(panelsFor(false, full))).toContain('chat');
    // A party goes from space to space on this site: an embed has none.
    expect(ids(panelsFor(true, { ...bareEmbed, communications: true }))).not.toContain('party');
    expect(ids(panelsFor(false, { ...full, communications: false }))).not.toContain('party');
  });
});

describe('other spaces', () => {
  const space = (sceneId: string, tags: string[]) => ({ sceneId, tags }) as unknown as SceneMetadata;

  it('never lists the space being visited, and puts those sharing its tags first', () => {
    const current = space('here', ['print', 'winter']);
    const found = [
      space('a', []),
      space('here', ['print']),
      space('b', ['print']),
      space('c', ['print', 'winter']),
    ];
    expect(rankRelated(found, current).map((s) => s.sceneId)).toEqual(['c', 'b', 'a']);
  });
});
