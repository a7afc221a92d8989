import { z } from 'zod';
import {
  InfoPoint,
  LiveVideo,
  Model3d,
  modelFormats,
  ObjectId,
  openingKinds,
  Picture,
  PlacedProp,
  Portal,
  stairsKinds,
  stairsTurns,
  Text3d,
  Transform,
  Uri,
  Video,
  WebView3d,
} from '../../contracts/sceneContent';

/** The values the engine protocol's commands and events share (protocol.ts). */

// ---------------------------------------------------------------------------------------------
// Shared values

/** The performance mark the viewer sets when a loaded space's first frame is drawn. */
export const firstFrameMark = 'spaces:first-frame';

export const engineModes = ['viewer', 'editor', 'inspector'] as const;
export const EngineMode = z.enum(engineModes);
export type EngineMode = z.infer<typeof EngineMode>;

/** Graphics quality: 6 levels (platform.md §9), index 0 to 5. */
export const graphicsQualityLevels = ['Lowest', 'Low', 'Medium', 'High', 'Ultra', 'Max'] as const;
/**
 * Texture filtering: 3 levels (platform.md §2.7, §9), index 0 to 2. Low is sharp but flickers in
 * the distance (no mipmaps), Medium is sharp and stable (mipmaps, anisotropic), High is the most
 * stable and a little blurrier (mipmaps, no anisotropy, a softer bias).
 */
export const filteringLevels = ['Low', 'Medium', 'High'] as const;

export const GraphicsQualityLevel = z
  .number()
  .int()
  .min(0)
  .max(
    graphicsQualityLevels.length - 1,
    `Graphics quality is a level from 0 to ${graphicsQualityLevels.length - 1}`,
  );
export const FilteringLevel = z
  .number()
  .int()
  .min(0)
  .max(filteringLevels.length - 1, `Filtering is a level from 0 to ${filteringLevels.length - 1}`);
/** Render resolution relative to the canvas size. */
export const RenderScale = z.number().min(0.25).max(2);
/** Frames per second the engine aims at; 0 follows the display. */
export const TargetFrameRate = z.number().int().min(0).max(240);

export const EngineSettings = z.object({
  graphicsQuality: GraphicsQualityLevel.default(3),
  renderScale: RenderScale.default(1),
  targetFrameRate: TargetFrameRate.default(0),
  filtering: FilteringLevel.default(1),
  /**
   * Lower the resolution (down to half) before frames miss the target frame rate, and raise it
   * back when there is room; off keeps the render quality as chosen, whatever the frame rate.
   */
  adaptiveResolution: z.boolean().default(true),
  /**
   * Whether the other visitors of a live space are drawn (their avatars and name tags); off spares
   * a slow device the frames their movement asks for.
   */
  showVisitors: z.boolean().default(true),
  /** BCP 47 language tag for the engine's own texts. */
  language: z.string().min(2).max(35).default('en'),
});
export type EngineSettings = z.output<typeof EngineSettings>;

/** What the inspector shows: a file (picture, video, model) or a 3D text described in full. */
export const InspectedAsset = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('picture'), uri: Uri }),
  z.object({ kind: z.literal('video'), uri: Uri }),
  z.object({ kind: z.literal('model3d'), uri: Uri, format: z.enum(modelFormats), mtlUri: Uri.optional() }),
  z.object({ kind: z.literal('text3d'), text3d: Text3d }),
]);
export type InspectedAsset = z.output<typeof InspectedAsset>;

/**
 * Editor tools: select (and move with the gizmo), draw walls, place doors and windows, place stairs,
 * paint surfaces with the brush, erase a surface's paint.
 */
export const editorTools = ['select', 'wall', 'opening', 'stairs', 'paint', 'eraser'] as const;
export const gizmoModes = ['translate', 'rotate', 'scale'] as const;
export const cameraModes = ['orbit', 'walk'] as const;
export const lengthUnits = ['metres', 'inches'] as const;
export type EditorToolName = (typeof editorTools)[number];
export type GizmoMode = (typeof gizmoModes)[number];
export type CameraMode = (typeof cameraModes)[number];
export type LengthUnit = (typeof lengthUnits)[number];

/** What the opening and stairs tools place. */
export const ToolOptions = z.object({
  openingKind: z.enum(openingKinds),
  stairsKind: z.enum(stairsKinds),
  stairsTurn: z.enum(stairsTurns),
});
export type ToolOptions = z.output<typeof ToolOptions>;
export const defaultToolOptions: ToolOptions = {
  openingKind: 'door-single',
  stairsKind: 'straight',
  stairsTurn: 'left',
};

export const Snapping = z.object({
  enabled: z.boolean(),
  /** Grid step for moving and drawing, in metres. */
  grid: z.number().min(0.01).max(10).default(0.25),
  /** Rotation step in degrees. */
  angle: z.number().min(1).max(90).default(15),
  /** Scale step. */
  scale: z.number().min(0.01).max(1).default(0.1),
});
export type Snapping = z.output<typeof Snapping>;

/** Content the page adds or drops: any placed object, its id and place left to the engine. */
const unplaced = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ ...shape, id: ObjectId.optional(), transform: Transform.optional() });
const placeable = <K extends string, T extends z.ZodType>(kind: K, item: T) =>
  z.object({ kind: z.literal(kind), item });
export const PlaceableItem = z.discriminatedUnion('kind', [
  placeable('picture', unplaced(Picture.shape)),
  placeable(
    'video',
    z.discriminatedUnion('source', [unplaced(Video.options[0].shape), unplaced(Video.options[1].shape)]),
  ),
  placeable('text3d', unplaced(Text3d.shape)),
  placeable(
    'model3d',
    unplaced(Model3d.shape).extend({
      /** Placed at this uniform scale (a model authored in other units, fitted to its default size). */
      placedScale: z.number().positive().max(1_000_000).optional(),
    }),
  ),
  placeable('portal', unplaced(Portal.shape)),
  placeable('infoPoint', unplaced(InfoPoint.shape)),
  placeable('prop', unplaced(PlacedProp.shape)),
  placeable('webView3d', unplaced(WebView3d.shape)),
  placeable('liveVideo', unplaced(LiveVideo.shape)),
]);
export type PlaceableItem = z.output<typeof PlaceableItem>;

/** A prop the page offers in the props library: a built-in shape by id, or a model file. */
export const PropLibraryItem = z.object({
  propId: ObjectId,
  title: z.string().trim().min(1).max(200),
  fileUri: Uri.optional(),
  format: z.enum(modelFormats).optional(),
});
export type PropLibraryItem = z.output<typeof PropLibraryItem>;
