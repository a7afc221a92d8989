import { describe, expect, it } from 'vitest';
import type { Asset } from '../../../contracts/assets';
import { assetPlaceable } from '../../../src/views/editor/libraryItems';

const fileId = '0190f3a0-0000-7000-8000-000000000001';
const base = {
  id: 'a1',
  ownerKind: 'user' as const,
  ownerId: 'u1',
  description: '',
  tags: [],
  licenseId: 'cc0',
  thumbnailUrl: null,
  size: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const assetOf = (
  type: Asset['type'],
  title: string,
  fields: Record<string, unknown>,
  fileUrl: string | null,
) => ({ ...base, type, title, fileUrl, fields: { type, title, ...fields } }) satisfies Asset;

describe('assetPlaceable', () => {
  it('makes a picture of its file, titled, keeping its aspect', () => {
    const picture = assetOf('picture', 'Sunset', { fileId, width: 1600, height: 800 }, '/files/sunset');
    expect(assetPlaceable(picture)).toMatchObject({
      kind: 'picture',
      item: { fileUri: '/files/sunset', title: 'Sunset', width: 1.2, height: 0.6 },
    });
  });

  it('makes a video screen that loops as the asset says', () => {
    const video = assetOf('video', 'Waves', { fileId, videoLoop: true, width: 720, height: 1280 }, '/f/v');
    expect(assetPlaceable(video)).toMatchObject({
      kind: 'video',
      item: { source: 'file', fileUri: '/f/v', title: 'Waves', loop: true, width: 0.9, height: 1.6 },
    });
  });

  it('makes a model of its file in the lower-case format', () => {
    const model = assetOf('model3d', 'Chair', { fileId, format: 'GLB' }, '/f/m');
    expect(assetPlaceable(model)).toMatchObject({
      kind: 'model3d',
      item: { format: 'glb', fileUri: '/f/m', title: 'Chair', collision: 'precise' },
    });
  });

  it('places a model authored in other units at its fitted default size, and others at their own', () => {
    const fox = assetOf(
      'model3d',
      'Fox',
      { fileId, format: 'GLB', modelSize: [31, 58, 155], defaultSize: [0.4, 0.748, 2] },
      '/f/fox',
    );
    expect(assetPlaceable(fox)).toMatchObject({ kind: 'model3d', item: { placedScale: 0.0129032 } });
    const chair = assetOf(
      'model3d',
      'Chair',
      { fileId, format: 'GLB', modelSize: [0.5, 1, 0.5], defaultSize: [0.5, 1, 0.5] },
      '/f/chair',
    );
    expect(assetPlaceable(chair)?.item).not.toHaveProperty('placedScale');
  });

  it('makes a 3D text of a text asset, and a linked one of a hypertext', () => {
    const fields = { content: 'Hello', fontSize: 40, fontStyles: ['Bold'], colorTint: '#ff0000' };
    expect(assetPlaceable(assetOf('text3d', 'Hi', { ...fields, alignments: 'Right' }, null))).toMatchObject({
      kind: 'text3d',
      item: { text: 'Hello', size: 40, bold: true, italic: false, color: '#ff0000', alignment: 'right' },
    });
    const link = 'https://example.com/';
    const hyper = assetPlaceable(assetOf('hyperText', 'Go', { ...fields, hyperText: link }, null));
    expect(hyper).toMatchObject({ kind: 'text3d', item: { text: 'Hello', link } });
  });

  it('makes a web view of its address', () => {
    const view = assetOf('webView3d', 'Site', { link: 'https://example.com/' }, null);
    expect(assetPlaceable(view)).toMatchObject({
      kind: 'webView3d',
      item: { url: 'https://example.com/', width: 1.6, height: 0.9 },
    });
  });

  it('offers no item for a sound or a form that does not read', () => {
    expect(assetPlaceable(assetOf('audio', 'Song', { fileId }, '/f/a'))).toBeNull();
    expect(assetPlaceable(assetOf('picture', 'Broken', {}, '/f/p'))).toBeNull();
  });
});
