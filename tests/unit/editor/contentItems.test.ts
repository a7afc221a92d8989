import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlaceableItem } from '../../../src/engine/protocol';
import {
  decodeDragItem,
  defaultPictureSize,
  demoPictureCount,
  encodeDragItem,
  infoPointItem,
  mediaEntries,
  pictureEntry,
  pictureSize,
  portalItem,
  propEntries,
} from '../../../src/views/editor/contentItems';

const publicDir = join(__dirname, '../../../public');
const fileUris = (item: PlaceableItem) =>
  Object.entries(item.item)
    .filter(([key]) => key === 'fileUri' || key === 'mtlUri')
    .map(([, value]) => value as string);

describe('pictureSize', () => {
  it('gives the longer side 1.2 m and keeps the aspect', () => {
    expect(pictureSize(512, 384)).toEqual({ width: 1.2, height: 0.9 });
    expect(pictureSize(384, 512)).toEqual({ width: 0.9, height: 1.2 });
    expect(pictureSize(512, 512)).toEqual({ width: 1.2, height: 1.2 });
    expect(pictureSize(512, 288)).toEqual({ width: 1.2, height: 0.68 });
    expect(pictureSize(1000, 500, 2)).toEqual({ width: 2, height: 1 });
  });

  it('falls back to 1.2 × 0.9 when the file has no size', () => {
    expect(pictureSize(0, 0)).toEqual(defaultPictureSize);
    expect(pictureSize(Number.NaN, 10)).toEqual(defaultPictureSize);
  });
});

describe('demo content', () => {
  const entries = [
    ...Array.from({ length: demoPictureCount }, (_, i) => pictureEntry(i)),
    ...mediaEntries(),
    ...propEntries(),
  ];

  it('is valid PlaceableItems with unique keys', () => {
    for (const entry of entries) expect(PlaceableItem.safeParse(entry.item).success, entry.key).toBe(true);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
  });

  it('points at files that exist in public/demo', () => {
    for (const entry of entries) {
      for (const uri of fileUris(entry.item)) expect(existsSync(join(publicDir, uri)), uri).toBe(true);
      if (entry.thumbnail) expect(existsSync(join(publicDir, entry.thumbnail)), entry.thumbnail).toBe(true);
    }
  });

  it('offers pictures, both kinds of video, glb and obj models, texts, a web view and props', () => {
    const items = entries.map((e) => e.item);
    expect(items.filter((i) => i.kind === 'picture')).toHaveLength(8);
    expect(pictureEntry(2, { width: 1.2, height: 0.9 }).item).toMatchObject({
      kind: 'picture',
      item: { fileUri: '/demo/pictures/picture-002.jpg', width: 1.2, height: 0.9 },
    });
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'video',
        item: expect.objectContaining({ source: 'file', fileUri: '/demo/videos/loop.webm' }),
      }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ kind: 'video', item: expect.objectContaining({ youtubeId: 'aqz-KE-bpKQ' }) }),
    );
    expect(items.filter((i) => i.kind === 'model3d' && i.item.format === 'glb')).toHaveLength(3);
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'model3d',
        item: expect.objectContaining({ format: 'obj', mtlUri: '/demo/models/chair.mtl' }),
      }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ kind: 'text3d', item: expect.objectContaining({ text: 'Title', size: 60 }) }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: 'text3d',
        item: expect.objectContaining({ link: 'https://example.com' }),
      }),
    );
    expect(items).toContainEqual({
      kind: 'webView3d',
      item: { url: 'https://example.com/', width: 1.6, height: 1 },
    });
    expect(items.filter((i) => i.kind === 'prop').map((i) => i.item.propId)).toEqual([
      'bench',
      'plant',
      'pedestal',
      'sofa',
      'floor-lamp',
      'rope-barrier',
    ]);
  });

  it('makes portals and info points only from valid input', () => {
    expect(portalItem(' welcome-hall ')).toEqual({ kind: 'portal', item: { targetSceneId: 'welcome-hall' } });
    expect(portalItem('  ')).toBeNull();
    expect(infoPointItem('Opening hours', 'Daily 9-5')).toEqual({
      kind: 'infoPoint',
      item: { title: 'Opening hours', text: 'Daily 9-5' },
    });
    expect(infoPointItem(' ', 'text')).toBeNull();
  });
});

describe('drag data', () => {
  it('carries an item as JSON and reads it back', () => {
    const item = propEntries()[0].item;
    expect(decodeDragItem(encodeDragItem(item))).toEqual(item);
  });

  it('reads nothing from other drags', () => {
    expect(decodeDragItem('')).toBeNull();
    expect(decodeDragItem('not json')).toBeNull();
    expect(decodeDragItem('{"kind":"picture","item":{}}')).toBeNull();
  });
});
