import { type Asset, AssetInput, type AssetInputOf } from '../../../contracts/assets';
import type { PlaceableItem } from '../../engine/protocol';
import { type PlaceableInput, pictureSize, placeable } from './contentItems';

type TextInput = Extract<PlaceableInput, { kind: 'text3d' }>['item'];

/**
 * A creator's library assets as the editor's placeable items: what the My library tab drags onto
 * the space or adds. Sounds are not offered: a space has no object that plays one.
 */

/** Long side of a video screen or web view, in metres. */
const screenLongSide = 1.6;

/** The displayed size in metres of something `width` × `height` pixels (default aspect when unknown). */
function sizeFor(width: number | undefined, height: number | undefined, longSide: number) {
  return width && height ? pictureSize(width, height, longSide) : pictureSize(16, 9, longSide);
}

function textItem(fields: AssetInputOf<'text3d'> | AssetInputOf<'hyperText'>): TextInput {
  const styles = new Set(fields.fontStyles);
  const alignment =
    fields.alignments === 'Justify' ? 'left' : (fields.alignments.toLowerCase() as TextInput['alignment']);
  return {
    text: fields.content,
    ...(fields.fontFamily ? { font: fields.fontFamily } : {}),
    size: fields.fontSize,
    bold: styles.has('Bold'),
    italic: styles.has('Italic'),
    underline: styles.has('Underline'),
    fontTransform: fields.fontTransform ?? 'None',
    color: fields.colorTint,
    alignment,
    ...(fields.outline ? { outline: { width: 3, color: '#000000' } } : {}),
    ...(fields.dropShadow ? { dropShadow: { color: '#000000', distance: 2 } } : {}),
    ...(fields.type === 'hyperText' ? { link: fields.hyperText } : {}),
  };
}

/**
 * The uniform scale that brings a model from its own size to the asset's default size (a model
 * authored in centimetres, or a 155 m fox, fitted by the intake); none when they agree or either
 * is unknown.
 */
export function placedScaleOf(fields: {
  defaultSize?: [number, number, number];
  modelSize?: [number, number, number];
}): { placedScale?: number } {
  if (!fields.defaultSize || !fields.modelSize) return {};
  const own = Math.max(...fields.modelSize);
  const wanted = Math.max(...fields.defaultSize);
  if (own <= 0 || wanted <= 0) return {};
  const scale = wanted / own;
  return Math.abs(scale - 1) < 1e-3 ? {} : { placedScale: Number(scale.toPrecision(6)) };
}

/**
 * The item an asset places, with its file, title and sizes; null for what the editor cannot place
 * (a sound, a form that no longer reads).
 */
export function assetPlaceable(asset: Asset): PlaceableItem | null {
  const parsed = AssetInput.safeParse({ ...asset.fields, type: asset.type });
  if (!parsed.success) return null;
  const fields = parsed.data;
  const title = asset.title.slice(0, 200);
  switch (fields.type) {
    case 'picture': {
      if (!asset.fileUrl) return null;
      const size = pictureSize(fields.width ?? 0, fields.height ?? 0);
      return placeable({ kind: 'picture', item: { fileUri: asset.fileUrl, title, ...size } });
    }
    case 'video': {
      if (!asset.fileUrl) return null;
      const size = sizeFor(fields.width, fields.height, screenLongSide);
      return placeable({
        kind: 'video',
        item: {
          source: 'file',
          fileUri: asset.fileUrl,
          title,
          autoplay: fields.autoplay,
          loop: fields.videoLoop,
          ...(asset.thumbnailUrl && fields.thumbnailId ? { posterUri: asset.thumbnailUrl } : {}),
          ...size,
        },
      });
    }
    case 'model3d': {
      if (!asset.fileUrl) return null;
      return placeable({
        kind: 'model3d',
        item: {
          format: fields.format.toLowerCase() as 'glb' | 'gltf' | 'obj',
          fileUri: asset.fileUrl,
          title,
          animated: fields.animated,
          ...(fields.animationClip ? { animationClip: fields.animationClip } : {}),
          ...placedScaleOf(fields),
          collision: fields.collisions.toLowerCase() as 'none' | 'simple' | 'precise',
          dropShadow: fields.dropShadow,
          clickable: fields.interactive,
          ...(fields.externalLink ? { externalLink: fields.externalLink } : {}),
        },
      });
    }
    case 'text3d':
    case 'hyperText':
      return placeable({ kind: 'text3d', item: textItem(fields) });
    case 'webView3d':
      return placeable({
        kind: 'webView3d',
        item: { url: fields.link, ...sizeFor(fields.width, fields.height, screenLongSide) },
      });
    default:
      return null;
  }
}
