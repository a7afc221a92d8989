import type { Area } from 'react-easy-crop';

/** Cropped pictures are JPEG at this quality (platform.md §5: 'output jpeg by default'). */
export const croppedJpegQuality = 0.9;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = src;
  });
}

/**
 * The part `area` (in pixels of the rotated picture, as react-easy-crop reports it) of the picture
 * at `src` turned by `rotation` degrees, as a JPEG.
 */
export async function cropToJpeg(src: string, area: Area, rotation: number): Promise<Blob> {
  const image = await loadImage(src);
  const radians = (rotation * Math.PI) / 180;
  const sin = Math.abs(Math.sin(radians));
  const cos = Math.abs(Math.cos(radians));
  // The rotated picture's bounding box: react-easy-crop measures the area in it.
  const boxWidth = image.width * cos + image.height * sin;
  const boxHeight = image.width * sin + image.height * cos;

  const rotated = document.createElement('canvas');
  rotated.width = Math.round(boxWidth);
  rotated.height = Math.round(boxHeight);
  const rotatedContext = rotated.getContext('2d');
  if (!rotatedContext) throw new Error('No 2D canvas');
  rotatedContext.translate(boxWidth / 2, boxHeight / 2);
  rotatedContext.rotate(radians);
  rotatedContext.drawImage(image, -image.width / 2, -image.height / 2);

  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(area.width));
  out.height = Math.max(1, Math.round(area.height));
  const outContext = out.getContext('2d');
  if (!outContext) throw new Error('No 2D canvas');
  // JPEG has no transparency: a white ground instead of black.
  outContext.fillStyle = '#fff';
  outContext.fillRect(0, 0, out.width, out.height);
  outContext.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, out.width, out.height);
  return new Promise((resolve, reject) =>
    out.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))),
      'image/jpeg',
      croppedJpegQuality,
    ),
  );
}
