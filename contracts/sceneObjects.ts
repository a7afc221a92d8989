import { z } from 'zod';
import { defaultFontFamily } from './fonts';
import { Color, HttpUrl, nonNegative, ObjectId, positive, Text, Title, Transform, Uri } from './sceneFields';

/**
 * The objects placed in a space (contracts/sceneContent.ts): pictures, videos, 3D texts, models,
 * portals, info points, props, live videos and web views. Each has an id unique in its document
 * and a transform.
 */

export const youtubeIdMessage = 'Expected an 11-character YouTube video id';
export const mtlOnlyForObjMessage = 'A material file (mtlUri) is only used by obj models';

export const defaultTextSize = 60;
/** Text sizes are in points; a size-60 text has letters 0.3 m tall. */
export const textPointsPerMetre = 200;

export const Picture = z
  .object({
    id: ObjectId,
    fileUri: Uri,
    title: Title.optional(),
    description: Text.optional(),
    /** What the picture shows, in words, for visitors who cannot see it (the list view reads it). */
    altText: z.string().trim().max(1000).optional(),
    /** The wall label's second line: who made it, and when. */
    artist: z.string().trim().max(200).optional(),
    year: z.string().trim().max(50).optional(),
    /** Displayed size in metres (before the transform's scale). */
    width: positive(),
    height: positive(),
    transform: Transform,
    frame: z.object({ color: Color, width: positive(1) }).optional(),
  })
  .meta({ id: 'Picture' });
export type Picture = z.infer<typeof Picture>;

const videoCommon = {
  id: ObjectId,
  /** What lists show (the asset's title). */
  title: Title.optional(),
  posterUri: Uri.optional(),
  autoplay: z.boolean().default(false),
  loop: z.boolean().default(false),
  /** Displayed size in metres. */
  width: positive().default(1.6),
  height: positive().default(0.9),
  transform: Transform,
};

export const Video = z
  .discriminatedUnion('source', [
    z.object({ ...videoCommon, source: z.literal('file'), fileUri: Uri }),
    z.object({
      ...videoCommon,
      source: z.literal('youtube'),
      youtubeId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, youtubeIdMessage),
    }),
  ])
  .meta({ id: 'Video' });
export type Video = z.infer<typeof Video>;

/** Justified lines fill the text box's width (troika's textAlign 'justify'); the last line is left. */
export const textAlignments = ['left', 'center', 'right', 'justify'] as const;
/** districts-commerce-spaces.md §3: font transforms (plus none). */
export const fontTransforms = ['None', 'LowerCase', 'UpperCase', 'SmallCaps'] as const;

export const Text3d = z
  .object({
    id: ObjectId,
    text: Text.min(1, 'The text is empty'),
    /** A built-in family (contracts/fonts.ts) or one of the document's own fonts. */
    font: z.string().trim().min(1).max(100).default(defaultFontFamily),
    size: positive(1000).default(defaultTextSize),
    bold: z.boolean().default(false),
    italic: z.boolean().default(false),
    underline: z.boolean().default(false),
    fontTransform: z.enum(fontTransforms).default('None'),
    color: Color.default('#000000'),
    alignment: z.enum(textAlignments).default('left'),
    /** The text box's width in metres: longer lines wrap, and justified lines fill it. */
    maxWidth: positive().optional(),
    /** Outline width in the text's own size units (a size-60 text with width 3 has a thin line). */
    outline: z.object({ width: positive(100), color: Color }).optional(),
    dropShadow: z.object({ color: Color, distance: nonNegative(100) }).optional(),
    /** A hypertext: clicking the text opens this link. */
    link: HttpUrl.optional(),
    transform: Transform,
  })
  .meta({ id: 'Text3d' });
export type Text3d = z.infer<typeof Text3d>;

export const modelFormats = ['glb', 'gltf', 'obj'] as const;
export const collisionModes = ['none', 'simple', 'precise'] as const;

export const Model3d = z
  .object({
    id: ObjectId,
    format: z.enum(modelFormats),
    fileUri: Uri,
    /** What lists show (the asset's title). */
    title: Title.optional(),
    mtlUri: Uri.optional(),
    transform: Transform,
    animationClip: z.string().max(200).optional(),
    animated: z.boolean().default(false),
    autoplay: z.boolean().default(false),
    loop: z.boolean().default(true),
    collision: z.enum(collisionModes).default('precise'),
    dropShadow: z.boolean().default(true),
    clickable: z.boolean().default(false),
    externalLink: HttpUrl.optional(),
  })
  .superRefine((model, ctx) => {
    if (model.mtlUri !== undefined && model.format !== 'obj') {
      ctx.addIssue({ code: 'custom', path: ['mtlUri'], message: mtlOnlyForObjMessage });
    }
  })
  .meta({ id: 'Model3d' });
export type Model3d = z.infer<typeof Model3d>;

export const Portal = z
  .object({ id: ObjectId, targetSceneId: ObjectId, transform: Transform, label: Title.optional() })
  .meta({ id: 'Portal' });
export type Portal = z.infer<typeof Portal>;

export const InfoPoint = z
  .object({ id: ObjectId, title: Title, text: Text, transform: Transform })
  .meta({ id: 'InfoPoint' });
export type InfoPoint = z.infer<typeof InfoPoint>;

export const PlacedProp = z
  .object({ id: ObjectId, propId: ObjectId, transform: Transform })
  .meta({ id: 'PlacedProp' });
export type PlacedProp = z.infer<typeof PlacedProp>;

/** A screen showing a live stream (its url is an http(s) stream or player url). */
export const LiveVideo = z
  .object({
    id: ObjectId,
    streamUrl: HttpUrl,
    title: Title.optional(),
    width: positive().default(1.6),
    height: positive().default(0.9),
    transform: Transform,
  })
  .meta({ id: 'LiveVideo' });
export type LiveVideo = z.infer<typeof LiveVideo>;

export const WebView3d = z
  .object({ id: ObjectId, url: HttpUrl, width: positive(), height: positive(), transform: Transform })
  .meta({ id: 'WebView3d' });
export type WebView3d = z.infer<typeof WebView3d>;
