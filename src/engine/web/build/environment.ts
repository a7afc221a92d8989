import {
  CanvasTexture,
  EquirectangularReflectionMapping,
  type Scene,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
} from 'three';

/**
 * The sky: the document's panorama (an equirectangular picture) or a soft daylight gradient.
 */

export function gradientSky(): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 256;
  const ctx = canvas.getContext('2d')!;
  const g = ctx.createLinearGradient(0, 0, 0, 256);
  g.addColorStop(0, '#6f9fd8');
  g.addColorStop(0.45, '#c4dcf0');
  g.addColorStop(0.5, '#e9eef0');
  g.addColorStop(0.56, '#b9b7a8');
  g.addColorStop(1, '#8c8a7c');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 64, 256);
  const texture = new CanvasTexture(canvas);
  texture.mapping = EquirectangularReflectionMapping;
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

/** Sets the scene's background; returns the texture to dispose of later. */
export function applySky(
  scene: Scene,
  skyUri: string | undefined,
  invalidate: () => void,
  onError: (message: string) => void,
): Texture {
  if (!skyUri) {
    const sky = gradientSky();
    scene.background = sky;
    return sky;
  }
  const fallback = gradientSky();
  scene.background = fallback;
  const texture = new TextureLoader().load(
    skyUri,
    () => {
      scene.background = texture;
      invalidate();
    },
    undefined,
    () => onError('Failed to load image'),
  );
  texture.mapping = EquirectangularReflectionMapping;
  texture.colorSpace = SRGBColorSpace;
  return texture;
}
