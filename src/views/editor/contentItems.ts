import type { z } from 'zod';
import { PlaceableItem } from '../../engine/protocol';
import '../../i18n/devCatalogue';

/**
 * The content the workbench offers to place: the demo files of public/demo, a few made-up items
 * and the engine's built-in props, each as the PlaceableItem the editor's `add` and `placeAt`
 * commands take.
 */

export type PlaceableInput = z.input<typeof PlaceableItem>;

/** An entry of the content grid: its label (a catalogue key), a thumbnail and what it places. */
export interface ContentEntry {
  key: string;
  labelKey: string;
  labelValues?: Record<string, string | number>;
  thumbnail?: string;
  item: PlaceableItem;
}

/** Checks an item and fills its defaults; null when it is not valid (an empty title, ...). */
export function placeable(input: PlaceableInput): PlaceableItem | null {
  const result = PlaceableItem.safeParse(input);
  return result.success ? result.data : null;
}

function mustPlace(input: PlaceableInput): PlaceableItem {
  const item = placeable(input);
  if (!item) throw new Error(`Invalid demo item ${JSON.stringify(input)}`);
  return item;
}

/** Size of a picture before its file has been read. */
export const defaultPictureSize = { width: 1.2, height: 0.9 } as const;

/**
 * The displayed size of a picture whose file is `naturalWidth` × `naturalHeight` pixels: its
 * longer side `longSide` metres, the other keeping the aspect, rounded to the centimetre.
 */
export function pictureSize(
  naturalWidth: number,
  naturalHeight: number,
  longSide: number = defaultPictureSize.width,
): { width: number; height: number } {
  if (!(naturalWidth > 0 && naturalHeight > 0)) return { ...defaultPictureSize };
  const cm = (n: number) => Math.max(0.01, Math.round(n * 100) / 100);
  return naturalWidth >= naturalHeight
    ? { width: cm(longSide), height: cm((longSide * naturalHeight) / naturalWidth) }
    : { width: cm((longSide * naturalWidth) / naturalHeight), height: cm(longSide) };
}

export const demoPictureCount = 8;
export const demoPictureUri = (index: number) =>
  `/demo/pictures/picture-${String(index).padStart(3, '0')}.jpg`;

export function pictureEntry(index: number, size: { width: number; height: number } = defaultPictureSize) {
  const fileUri = demoPictureUri(index);
  return {
    key: `picture-${index}`,
    labelKey: 'dev.editor.content.items.picture',
    labelValues: { n: index + 1 },
    thumbnail: fileUri,
    item: mustPlace({
      kind: 'picture',
      item: { fileUri, width: size.width, height: size.height, title: `Picture ${index + 1}` },
    }),
  } satisfies ContentEntry;
}

export const demoModels = ['torus-knot', 'lathe-vase', 'abstract-figure'] as const;
/** 'torus-knot' → 'Torus knot': the title a demo model is listed under once placed. */
const modelTitle = (name: string) => `${name[0].toUpperCase()}${name.slice(1).replace(/-/g, ' ')}`;
export const demoYoutubeId = 'aqz-KE-bpKQ';
export const defaultWebViewUrl = 'https://example.com/';

/** The engine's built-in props (src/engine/web/build/props.ts): always in its props library. */
export const builtInProps = [
  { propId: 'bench', labelKey: 'dev.editor.content.props.bench' },
  { propId: 'plant', labelKey: 'dev.editor.content.props.plant' },
  { propId: 'pedestal', labelKey: 'dev.editor.content.props.pedestal' },
  { propId: 'sofa', labelKey: 'dev.editor.content.props.sofa' },
  { propId: 'floor-lamp', labelKey: 'dev.editor.content.props.floorLamp' },
  { propId: 'rope-barrier', labelKey: 'dev.editor.content.props.ropeBarrier' },
] as const;

/** Videos, models, texts and the web view: the entries that take no input. */
export function mediaEntries(): ContentEntry[] {
  return [
    {
      key: 'video-file',
      labelKey: 'dev.editor.content.items.videoFile',
      item: mustPlace({
        kind: 'video',
        item: { source: 'file', fileUri: '/demo/videos/loop.webm', loop: true, title: 'Loop' },
      }),
    },
    {
      key: 'video-youtube',
      labelKey: 'dev.editor.content.items.youtube',
      item: mustPlace({
        kind: 'video',
        item: { source: 'youtube', youtubeId: demoYoutubeId, title: 'YouTube video' },
      }),
    },
    ...demoModels.map((name) => ({
      key: `model-${name}`,
      labelKey: 'dev.editor.content.items.model',
      labelValues: { name },
      item: mustPlace({
        kind: 'model3d',
        item: { format: 'glb', fileUri: `/demo/models/${name}.glb`, title: modelTitle(name) },
      }),
    })),
    {
      key: 'model-chair',
      labelKey: 'dev.editor.content.items.chair',
      item: mustPlace({
        kind: 'model3d',
        item: {
          format: 'obj',
          fileUri: '/demo/models/chair.obj',
          mtlUri: '/demo/models/chair.mtl',
          title: 'Chair',
        },
      }),
    },
    {
      key: 'text3d',
      labelKey: 'dev.editor.content.items.text3d',
      item: mustPlace({ kind: 'text3d', item: { text: 'Title', size: 60 } }),
    },
    {
      key: 'hypertext',
      labelKey: 'dev.editor.content.items.hypertext',
      item: mustPlace({
        kind: 'text3d',
        item: {
          text: 'Visit example.com',
          size: 40,
          underline: true,
          color: '#1565c0',
          link: 'https://example.com',
        },
      }),
    },
    {
      key: 'web-view',
      labelKey: 'dev.editor.content.items.webView',
      item: mustPlace({ kind: 'webView3d', item: { url: defaultWebViewUrl, width: 1.6, height: 1 } }),
    },
  ];
}

export function propEntries(): ContentEntry[] {
  return builtInProps.map(({ propId, labelKey }) => ({
    key: `prop-${propId}`,
    labelKey,
    item: mustPlace({ kind: 'prop', item: { propId } }),
  }));
}

/** A portal to another space, labelled with its title when given; null without a target. */
export const portalItem = (targetSceneId: string, label?: string) =>
  placeable({
    kind: 'portal',
    item: { targetSceneId: targetSceneId.trim(), ...(label?.trim() ? { label: label.slice(0, 200) } : {}) },
  });

/** An info point; null without a title. */
export const infoPointItem = (title: string, text: string) =>
  title.trim() ? placeable({ kind: 'infoPoint', item: { title: title.trim(), text } }) : null;

/** The drag data type of a dragged item (its JSON). */
export const placeableMimeType = 'application/x-spaces-placeable+json';

export const encodeDragItem = (item: PlaceableItem) => JSON.stringify(item);

/** The item a drop carries; null when it carries none (or something that is not an item). */
export function decodeDragItem(json: string): PlaceableItem | null {
  if (!json) return null;
  try {
    const result = PlaceableItem.safeParse(JSON.parse(json));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
