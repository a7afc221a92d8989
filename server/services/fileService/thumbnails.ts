import sharp from 'sharp';

export const thumbnailMimeType = 'image/webp';

/**
 * A WebP thumbnail `width` pixels wide (never wider than the picture itself), turned upright
 * according to the picture's EXIF orientation. The original is at most a few MiB (the picture
 * limit), so it is handled whole; sharp's pixel limit guards against decompression bombs.
 */
export async function makeThumbnail(picture: Buffer, width: number): Promise<Buffer> {
  return sharp(picture)
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80, effort: 4 })
    .toBuffer();
}
