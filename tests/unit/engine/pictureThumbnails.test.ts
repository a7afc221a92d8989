// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { atlasThumbnailOf } from '../../../src/engine/web/build/pictures';

describe('pictures load at the size the atlas draws them', () => {
  const stored = (id: string, width: number, height: number) => ({
    fileUri: `/api/fileService/file/${id}`,
    width,
    height,
  });

  it("a stored landscape picture loads the smallest thumbnail at least as wide as the atlas's long side", () => {
    expect(atlasThumbnailOf(stored('f1', 1.2, 0.8), 512)).toBe('/api/fileService/thumbnail/f1?w=640');
    expect(atlasThumbnailOf(stored('f1', 1.2, 0.8), 256)).toBe('/api/fileService/thumbnail/f1');
    expect(atlasThumbnailOf(stored('f1', 1.2, 0.8), 128)).toBe('/api/fileService/thumbnail/f1?w=160');
  });

  it('a portrait picture needs a narrower thumbnail for the same long side', () => {
    // 512 px tall at 1:2 is 256 px wide: the 320 px thumbnail.
    expect(atlasThumbnailOf(stored('f2', 0.5, 1), 512)).toBe('/api/fileService/thumbnail/f2');
  });

  it('a same-origin absolute address is a stored picture too; other addresses load as they are', () => {
    const here = `${window.location.origin}/api/fileService/file/f3`;
    expect(atlasThumbnailOf({ fileUri: here, width: 1, height: 1 }, 512)).toBe(
      '/api/fileService/thumbnail/f3?w=640',
    );
    expect(
      atlasThumbnailOf(
        { fileUri: 'https://elsewhere.example/api/fileService/file/f4', width: 1, height: 1 },
        512,
      ),
    ).toBeNull();
    expect(
      atlasThumbnailOf({ fileUri: '/demo/pictures/picture-001.jpg', width: 1, height: 1 }, 512),
    ).toBeNull();
  });
});
