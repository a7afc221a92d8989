import type { z } from 'zod';
import {
  type Asset,
  AssetInput,
  type AssetType,
  AudioAssetInput,
  defaultFontSize,
  defaultLicenseId,
  defaultTextBoxSize,
  HyperTextAssetInput,
  Model3dAssetInput,
  PictureAssetInput,
  Text3dAssetInput,
  VideoAssetInput,
  WebView3dAssetInput,
} from '../../../contracts/assets';

/** The contract schema of each asset type's form: the form's only rules. */
export const assetSchemas = {
  picture: PictureAssetInput,
  video: VideoAssetInput,
  model3d: Model3dAssetInput,
  text3d: Text3dAssetInput,
  hyperText: HyperTextAssetInput,
  webView3d: WebView3dAssetInput,
  audio: AudioAssetInput,
} satisfies Record<AssetType, z.ZodType>;

/** The form's values as edited: any type's fields (the schema of its type checks them). */
export type AssetFormValues = Record<string, unknown> & { type: AssetType };

const textDefaults = {
  content: '',
  fontSize: defaultFontSize,
  fontStyles: ['Normal'],
  colorTint: '#ffffff',
  alignments: 'Center',
  outline: false,
  collisions: 'None',
  defaultSize: [...defaultTextBoxSize],
};

/** A new asset's form of the type, with the contract's defaults. */
export function newAssetValues(type: AssetType): AssetFormValues {
  const common = {
    type,
    title: '',
    description: '',
    tags: [],
    licenseId: defaultLicenseId,
    interactive: false,
    collisions: 'Precise',
    dropShadow: false,
    transparent: false,
  };
  switch (type) {
    case 'picture':
      return { ...common, frames: false };
    case 'video':
      return { ...common, frames: false, autoplay: false, videoLoop: false, popUp: false, isPortrait: false };
    case 'model3d':
      return {
        ...common,
        format: 'GLB',
        provider: 'Source',
        imposter: false,
        animated: false,
        animationClipCount: 0,
        triangleCount: 0,
        meshCount: 0,
        materialCount: 0,
        textureCount: 0,
      };
    case 'text3d':
      return { ...common, ...textDefaults };
    case 'hyperText':
      return { ...common, ...textDefaults, hyperText: '' };
    case 'webView3d':
      return { ...common, link: '' };
    case 'audio':
      return { ...common, autoplay: false, loop: false };
  }
}

/** The form an asset is edited with: its stored fields, else a new form with its title. */
export function assetValues(type: AssetType, asset?: Asset | null): AssetFormValues {
  if (!asset) return newAssetValues(type);
  const parsed = AssetInput.safeParse({ ...asset.fields, type: asset.type });
  return parsed.success
    ? { ...newAssetValues(asset.type), ...(parsed.data as AssetFormValues) }
    : { ...newAssetValues(asset.type), title: asset.title, description: asset.description, tags: asset.tags };
}
