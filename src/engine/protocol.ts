import { z } from 'zod';
import { SpaceCost } from '../../contracts/spaceCost';
import {
  CustomSpace,
  GuidedTour,
  GuidedTourPoint,
  MaterialOverride,
  ObjectId,
  Opening,
  SceneContent,
  SpaceTemplateChoice,
  Stairs,
  Transform,
  Uri,
  Vec3,
  Wall,
} from '../../contracts/sceneContent';

/**
 * The engine protocol (platform.md §7.7, ARCHITECTURE.md 'The engine boundary'): every message the
 * page sends into the engine (commands) and every message the engine sends back (events).
 *
 * Commands go to a named channel, like a Unity WebGL build driven with
 * `sendMessage(gameObject, method, json)`: `encodeCommand` gives exactly that triple, with
 * `gameObject` the channel name (the editor's areas are `Editor.Construction`, `Editor.Content`, ...),
 * `method` the method name as written here, and `json` the payload. Events come back as
 * `(name, json)`, the shape a Unity build dispatches with `dispatchReactUnityEvent(name, json)`;
 * `decodeEvent` validates them and never throws.
 *
 * Both engines (the Unity adapter and the built-in one) implement `EngineAdapter`.
 */

// The values commands and events share live in protocolValues.ts; importers find them here too.
export * from './protocolValues';
import {
  EngineMode,
  EngineSettings,
  FilteringLevel,
  GraphicsQualityLevel,
  InspectedAsset,
  PlaceableItem,
  PropLibraryItem,
  RenderScale,
  Snapping,
  TargetFrameRate,
  ToolOptions,
  cameraModes,
  editorTools,
  gizmoModes,
  lengthUnits,
} from './protocolValues';

const Ids = z.array(ObjectId).max(5000);
/** Fields of a tour point the author edits; duration at least `minTourPointSeconds`. */
export const minTourPointSeconds = 3;
const TourPointPatch = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(10_000).optional(),
  duration: z.number().min(minTourPointSeconds, `Duration > ${minTourPointSeconds}`).max(86_400).optional(),
  position: Vec3.optional(),
  rotation: z.tuple([z.number(), z.number(), z.number()]).optional(),
});

const empty = z.object({});
const Yaw = z.number().min(0).max(360);
const AvatarId = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32);
const AvatarPose = z.object({
  id: AvatarId,
  /** Feet. */
  position: Vec3,
  /** Degrees. */
  yaw: z.number(),
  speaking: z.boolean(),
  /** The emote playing (its name, contracts/livePoses.ts `emotes`), or null. */
  emote: z.string().max(40).nullable(),
});

// ---------------------------------------------------------------------------------------------
// Commands: channel → method → payload

export const engineCommandSchemas = {
  Startup: {
    start: z.object({ mode: EngineMode, settings: EngineSettings }),
  },
  Settings: {
    setGraphicsQuality: z.object({ level: GraphicsQualityLevel }),
    setRenderQuality: z.object({ scale: RenderScale }),
    setTargetFrameRate: z.object({ fps: TargetFrameRate }),
    setFiltering: z.object({ level: FilteringLevel }),
    setAdaptiveResolution: z.object({ enabled: z.boolean() }),
    setVisitorsShown: z.object({ shown: z.boolean() }),
  },
  Character: {
    setInputEnabled: z.object({ enabled: z.boolean() }),
  },
  Core: {
    /** Whether the engine takes keyboard input (off while a text field of the page has focus). */
    setKeyboardCapture: z.object({ enabled: z.boolean() }),
    /** Shows or hides the profiler overlay (the ` key toggles it too). */
    setProfilerVisible: z.object({ visible: z.boolean() }),
    /** Answered by a `profilerStats` event. */
    requestStats: empty,
    /** Answered by a `cameraState` event. */
    requestCameraState: empty,
    /** Where an object appears on the page; answered by a `screenPosition` event. */
    requestScreenPosition: z.object({ objectId: ObjectId }),
    /** Where a world point appears on the page; answered by a `projectedPoint` event. */
    projectPoint: z.object({ position: Vec3 }),
  },
  Inspector: {
    showAsset: z.object({ asset: InspectedAsset }),
    showDimensions: z.object({ visible: z.boolean() }),
  },
  Scene: {
    load: z.object({ content: SceneContent }),
    unload: empty,
  },
  Viewer: {
    playGuidedTour: z.object({ tourId: ObjectId }),
    pauseGuidedTour: empty,
    stopGuidedTour: empty,
    nextGuidedTourPoint: empty,
    previousGuidedTourPoint: empty,
    teleport: z.object({ position: Vec3, rotation: Yaw.optional() }),
    /** Starts immersive VR on a headset (send it from the visitor's click); `xrState` answers. */
    enterVr: empty,
    exitVr: empty,
    /**
     * The other visitors (the live-user hub's poses, contracts/livePoses.ts): new poses, who some
     * ids are (their name tags), and who left. Avatars move smoothly between poses.
     */
    showAvatars: z.object({
      poses: z.array(AvatarPose).max(2000),
      names: z
        .array(
          z.object({
            id: AvatarId,
            name: z.string().max(200),
            /** Their look (contracts/avatars.ts `shape/colour`); null or absent: one from the id. */
            avatar: z.string().max(40).nullable().optional(),
          }),
        )
        .max(2000),
      left: z.array(AvatarId).max(2000),
    }),
    /** Takes every other visitor's avatar away (the visitor left the space or went offline). */
    clearAvatars: empty,
  },
  'Editor.Construction': {
    setTool: z.object({ tool: z.enum(editorTools), options: ToolOptions.partial().optional() }),
    /** Switches to a premade room (the page confirms first: the current work is discarded). */
    useTemplate: z.object({ template: SpaceTemplateChoice }),
    /** Switches to a custom space with one empty level (discarding the current work). */
    useCustomSpace: empty,
    setCustomSpace: z.object({ customSpace: CustomSpace }),
    /** Adds a level above the top one; `name` defaults to 'Level N'. */
    addLevel: z.object({ name: z.string().trim().min(1).max(100).optional() }),
    /** Removes a level with its work; removing the only level empties it instead. */
    removeLevel: z.object({ levelId: ObjectId }),
    renameLevel: z.object({ levelId: ObjectId, name: z.string().trim().min(1).max(100) }),
    setActiveLevel: z.object({ levelId: ObjectId }),
    /** A wall given by its ends on the plan (`id` made by the engine when left out). */
    addWall: z.object({ levelId: ObjectId, wall: Wall.partial({ id: true, thickness: true }) }),
    addOpening: z.object({ levelId: ObjectId, opening: Opening.partial({ id: true }) }),
    addStairs: z.object({ levelId: ObjectId, stairs: Stairs.partial({ id: true, rise: true }) }),
    /** Removes a wall (with its openings), an opening or stairs by id. */
    removeElement: z.object({ id: ObjectId }),
    /** How lengths are shown: metres or inches (the document is always in metres). */
    setUnits: z.object({ units: z.enum(lengthUnits) }),
  },
  'Editor.Content': {
    /**
     * Adds content where the engine chooses (unless the item has a transform): a picture flush on
     * the wall the camera faces at eye height, clear of what hangs there; anything else on the
     * floor in front of the camera, clear of what stands there (geometry/placement.ts).
     */
    add: z.object({ item: PlaceableItem }),
    /** Places dropped content where the page point (x, y) meets a surface. */
    placeAt: z.object({ item: PlaceableItem, x: z.number(), y: z.number() }),
    setTransform: z.object({ id: ObjectId, transform: Transform }),
    /** Changes fields of an object (text, size, frame, link, ...), keeping its id and place. */
    update: z.object({ id: ObjectId, patch: z.record(z.string(), z.unknown()) }),
    removeObjects: z.object({ ids: Ids }),
    select: z.object({ ids: Ids }),
    /** Removes, duplicates, copies the selection; pastes what was copied. */
    deleteSelection: empty,
    duplicateSelection: empty,
    copySelection: empty,
    paste: empty,
    undo: empty,
    redo: empty,
    setGizmoMode: z.object({ mode: z.enum(gizmoModes) }),
    setSnapping: Snapping,
    setCameraMode: z.object({ mode: z.enum(cameraModes) }),
    /** Turns the camera to an object. */
    focus: z.object({ id: ObjectId }),
    setHelpVisible: z.object({ visible: z.boolean() }),
    /** Answered by an `objectList` event. */
    requestObjectList: empty,
    /** Asks for the document; answered by an `exportResult` event carrying the same `requestId`. */
    exportContent: z.object({ requestId: z.string().max(100).optional() }),
  },
  'Editor.Curation': {
    setStartingPoint: z.object({ position: Vec3, rotation: Yaw }),
    /** The entry point becomes where the camera is now. */
    captureStartingPoint: empty,
    setLinkable: z.object({ linkable: z.boolean() }),
  },
  'Editor.Design': {
    setMaterialOverride: z.object({ materialId: ObjectId, override: MaterialOverride.nullable() }),
    /** What the paint tool puts on the surfaces it is clicked on. */
    setBrush: z.object({ brush: MaterialOverride }),
    /** Sets the materials of every surface at once. */
    applyTheme: z.object({ themeId: ObjectId }),
    setSky: z.object({ uri: Uri.nullable() }),
    setTerrain: z.object({ uri: Uri.nullable() }),
    setAmbientSound: z.object({ uri: Uri.nullable() }),
    /** The props the page offers (built-in ones are always there). */
    setPropLibrary: z.object({ props: z.array(PropLibraryItem).max(1000) }),
  },
  'Editor.GuidedTour': {
    addTour: z.object({ tour: GuidedTour.partial({ guidedTourId: true }) }),
    updateTour: z.object({
      tourId: ObjectId,
      title: z.string().trim().min(1).max(200).optional(),
      description: z.string().max(10_000).optional(),
      public: z.boolean().optional(),
    }),
    removeTour: z.object({ tourId: ObjectId }),
    addPoint: z.object({
      tourId: ObjectId,
      point: GuidedTourPoint.partial({ guidedTourPointId: true, order: true }),
    }),
    /** Adds a point where the camera is now, at the end of the tour. */
    capturePoint: z.object({
      tourId: ObjectId,
      title: z.string().trim().min(1).max(200),
      description: z.string().max(10_000).default(''),
      duration: z
        .number()
        .min(minTourPointSeconds, `Duration > ${minTourPointSeconds}`)
        .max(86_400)
        .default(5),
    }),
    updatePoint: z.object({ tourId: ObjectId, pointId: ObjectId, patch: TourPointPatch }),
    /** Moves a point to another place in the tour's order (0 = first). */
    movePoint: z.object({ tourId: ObjectId, pointId: ObjectId, toIndex: z.number().int().min(0) }),
    removePoint: z.object({ tourId: ObjectId, pointId: ObjectId }),
    /** Moves the camera to a point so its author sees what visitors will. */
    previewPoint: z.object({ tourId: ObjectId, pointId: ObjectId }),
  },
  YouTube: {
    play: z.object({ objectId: ObjectId }),
    stop: z.object({ objectId: ObjectId }),
  },
} as const satisfies Record<string, Record<string, z.ZodType>>;

type CommandSchemas = typeof engineCommandSchemas;
export type EngineChannel = keyof CommandSchemas;
export const engineChannels = Object.keys(engineCommandSchemas) as EngineChannel[];

/** Every message into the engine, discriminated by channel and method. */
export type EngineCommand = {
  [C in EngineChannel]: {
    [M in keyof CommandSchemas[C]]: {
      channel: C;
      method: M;
      payload: z.output<CommandSchemas[C][M] & z.ZodType>;
    };
  }[keyof CommandSchemas[C]];
}[EngineChannel];

/** The command of a given channel and method. */
export type EngineCommandOf<C extends EngineChannel, M extends keyof CommandSchemas[C]> = Extract<
  EngineCommand,
  { channel: C; method: M }
>;

/** The arguments of Unity's `sendMessage(gameObject, method, json)`. */
export interface EncodedCommand {
  gameObject: string;
  method: string;
  json: string;
}

export interface DecodeError {
  error: string;
}

export const isDecodeError = (value: object): value is DecodeError =>
  'error' in value && typeof (value as { error: unknown }).error === 'string';

export function encodeCommand(cmd: EngineCommand): EncodedCommand {
  return { gameObject: cmd.channel, method: cmd.method as string, json: JSON.stringify(cmd.payload) };
}

function schemaOf(table: Record<string, Record<string, z.ZodType>>, group: string, name: string) {
  if (!Object.hasOwn(table, group)) return undefined;
  const entries = table[group];
  return Object.hasOwn(entries, name) ? entries[name] : undefined;
}

function parseJson(json: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch {
    return { ok: false, error: 'The message is not valid JSON' };
  }
}

const describeIssues = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(payload)'}: ${i.message}`).join('; ');

/** The inverse of `encodeCommand`, validating the payload; never throws. */
export function decodeCommand(gameObject: string, method: string, json: string): EngineCommand | DecodeError {
  const schema = schemaOf(engineCommandSchemas, gameObject, method);
  if (!schema) return { error: `Unknown command ${gameObject}.${method}` };
  const parsed = parseJson(json);
  if (!parsed.ok) return { error: parsed.error };
  const result = schema.safeParse(parsed.value);
  if (!result.success) return { error: `Invalid ${gameObject}.${method}: ${describeIssues(result.error)}` };
  return { channel: gameObject, method, payload: result.data } as EngineCommand;
}

// ---------------------------------------------------------------------------------------------
// Events: name → data (an event is `{ type: name, ...data }`)

/**
 * Why an object's file could not be shown: it could not be downloaded, it is damaged, or it needs
 * a glTF extension the engine cannot read.
 */
export const assetFailureReasons = ['unreachable', 'damaged', 'unsupportedExtension'] as const;
export type AssetFailureReason = (typeof assetFailureReasons)[number];
/** How a damaged file is damaged (`detail` of a `damaged` failure). */
export const assetDamageKinds = ['notModel', 'truncated', 'badJson', 'undecodable'] as const;
export type AssetDamageKind = (typeof assetDamageKinds)[number];
export interface AssetFailure {
  reason: AssetFailureReason;
  detail?: string;
}

const Count = z.number().int().min(0);

export const engineEventSchemas = {
  ready: z.object({ mode: EngineMode }),
  loadProgress: z.object({ percent: z.number().min(0).max(100) }),
  /** The space's first frame is drawn: the rooms, pictures and texts are in. */
  loaded: empty,
  /**
   * Everything placed in the space is in as well: models (and video files) load after the first
   * frame, so the space shows sooner; this follows `loaded` once they are placed (at once in the
   * editor and the inspector).
   */
  objectsLoaded: empty,
  error: z.object({ code: z.string().min(1).max(100), message: z.string().max(2000) }),
  /**
   * One object's file could not be loaded (a placeholder shows instead); the rest of the space is
   * unaffected, unlike `error`, which means the engine itself failed.
   */
  assetFailed: z.object({
    objectId: ObjectId,
    uri: z.string().max(2048),
    /** What went wrong, in English, for logs and developers; pages show `reason` in words. */
    message: z.string().max(2000),
    /** Why, when the engine can tell (a Unity build may leave it out). */
    reason: z.enum(assetFailureReasons).optional(),
    /**
     * `unsupportedExtension`: the extensions, comma-separated; `damaged`: one of `assetDamageKinds`.
     */
    detail: z.string().max(500).optional(),
  }),
  /** The editor's selection: `objectId` is the first selected object (null when none). */
  selection: z.object({ objectId: ObjectId.nullable(), objectIds: z.array(ObjectId) }),
  /** The editor's document changed (for autosave and the unsaved-changes prompt). */
  contentChanged: empty,
  /**
   * The editor's state for its panels, sent once per frame at most after anything changes: history,
   * tool, levels, tours, the cost of the space.
   */
  editorState: z.object({
    canUndo: z.boolean(),
    canRedo: z.boolean(),
    undoLabel: z.string().nullable(),
    redoLabel: z.string().nullable(),
    tool: z.enum(editorTools),
    toolOptions: ToolOptions,
    gizmoMode: z.enum(gizmoModes),
    cameraMode: z.enum(cameraModes),
    units: z.enum(lengthUnits),
    snapping: z.boolean(),
    space: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('custom') }),
      z.object({ kind: z.literal('template'), template: SpaceTemplateChoice }),
      z.object({ kind: z.literal('none') }),
    ]),
    activeLevelId: ObjectId.nullable(),
    levels: z.array(z.object({ id: ObjectId, name: z.string(), elevation: z.number(), walls: Count })),
    tours: z.array(
      z.object({
        id: ObjectId,
        title: z.string(),
        points: z.array(z.object({ id: ObjectId, title: z.string(), duration: z.number() })),
      }),
    ),
    objectCount: Count,
    selectionCount: Count,
    cost: SpaceCost,
  }),
  /** Every placed object, for the page's object list. */
  objectList: z.object({
    objects: z.array(z.object({ id: ObjectId, kind: z.string(), label: z.string() })),
  }),
  /** An editing command could not be carried out (nothing changed); says why. */
  commandRejected: z.object({ command: z.string(), code: z.string(), message: z.string() }),
  projectedPoint: z.object({ x: z.number(), y: z.number(), visible: z.boolean() }),
  exportResult: z.object({ content: SceneContent, requestId: z.string().max(100).optional() }),
  navigationRequested: z.object({ kind: z.literal('portal'), targetSceneId: ObjectId }),
  /** A clickable model or a hypertext was clicked: the page opens the link (in a new tab). */
  linkRequested: z.object({ objectId: ObjectId, url: z.string().max(2048) }),
  infoPointOpened: z.object({ id: ObjectId, title: z.string(), text: z.string() }),
  /** A picture was clicked: the visitor steps up to it (the owner's insights count it as opened). */
  artworkFocused: z.object({ objectId: ObjectId }),
  /** A video started or stopped playing (a click toggles it). */
  videoState: z.object({ objectId: ObjectId, playing: z.boolean() }),
  guidedTourState: z.object({
    tourId: ObjectId,
    pointIndex: Count,
    pointCount: Count,
    playing: z.boolean(),
    /** The tour reached its last point and stayed there for its duration. */
    finished: z.boolean(),
    /** The stop's title and description (the page announces them); an engine may leave them out. */
    pointTitle: z.string().optional(),
    pointDescription: z.string().optional(),
    /** The tour was stopped: no tour is on any more (the last state an engine sends for it). */
    stopped: z.boolean().optional(),
  }),
  /** The settings now in force, after a Startup or Settings command. */
  settingsApplied: z.object({
    graphicsQuality: GraphicsQualityLevel,
    renderScale: RenderScale,
    targetFrameRate: TargetFrameRate,
    filtering: FilteringLevel,
    /** Device pixels per CSS pixel the engine renders at. */
    pixelRatio: z.number().positive(),
    shadows: z.boolean(),
  }),
  cameraState: z.object({
    /** Eye position. */
    position: Vec3,
    yaw: z.number(),
    pitch: z.number(),
    /** The level the visitor stands on (null in a template space or outside the building). */
    levelId: ObjectId.nullable(),
  }),
  screenPosition: z.object({
    objectId: ObjectId,
    /** Page (viewport) coordinates in CSS pixels. */
    x: z.number(),
    y: z.number(),
    /** In front of the camera and inside the engine's canvas. */
    visible: z.boolean(),
  }),
  profilerVisible: z.object({ visible: z.boolean() }),
  /**
   * Where the visitor stands (feet) and looks (yaw, degrees), at most every 100 ms while it
   * changes: what the live-user hub shares as their pose.
   */
  visitorMoved: z.object({ position: Vec3, yaw: z.number() }),
  /** Whether this device offers immersive VR, and whether the visitor is in it now. */
  xrState: z.object({ supported: z.boolean(), active: z.boolean() }),
  inspectorReport: z.object({
    /** Bounding box size in metres. */
    dimensions: z.object({ x: z.number().min(0), y: z.number().min(0), z: z.number().min(0) }),
    animationClips: z.array(z.string()),
    triangles: Count,
    meshes: Count,
    materials: Count,
    textures: Count,
  }),
  /** The space's rooms got their baked ambient occlusion (built-in engine; in a worker, cached by geometry). */
  occlusionBaked: z.object({
    triangles: Count,
    /** Worker time of the bake, ms. */
    workerMs: z.number().min(0),
    /** Taken from the cache (memory or IndexedDB): no ray was cast. */
    cached: z.boolean(),
    /** Time of the worker's fixed yardstick, when asked for (the AO benchmark). */
    yardstickMs: z.number().min(0).optional(),
  }),
  profilerStats: z.object({
    fps: z.number().min(0),
    frameMs: z.number().min(0),
    drawCalls: Count,
    triangles: Count,
    textures: Count,
    geometries: Count,
    /** JS heap in use, where the browser tells it. */
    memoryMb: z.number().min(0).optional(),
    /** Render scale in use: the setting times the engine's adaptive scale (lowered to hold the target frame rate). */
    renderScale: z.number().positive().optional(),
  }),
} as const satisfies Record<string, z.ZodObject>;

type EventSchemas = typeof engineEventSchemas;
export type EngineEventName = keyof EventSchemas;
export const engineEventNames = Object.keys(engineEventSchemas) as EngineEventName[];

/** An event's fields besides `type` (`z.object({})` infers an index signature: no fields). */
type EventData<T> = string extends keyof T ? unknown : T;

/** Every message out of the engine, discriminated by `type`. */
export type EngineEvent = {
  [N in EngineEventName]: { type: N } & EventData<z.output<EventSchemas[N]>>;
}[EngineEventName];

export type EngineEventOf<N extends EngineEventName> = Extract<EngineEvent, { type: N }>;

/** The `(name, json)` pair an engine dispatches for an event. */
export function encodeEvent(event: EngineEvent): { name: EngineEventName; json: string } {
  const { type, ...data } = event;
  return { name: type, json: JSON.stringify(data) };
}

/** Validates an event the engine dispatched; never throws. */
export function decodeEvent(name: string, json: string): EngineEvent | DecodeError {
  if (!Object.hasOwn(engineEventSchemas, name)) return { error: `Unknown engine event ${name}` };
  const parsed = parseJson(json === '' ? '{}' : json);
  if (!parsed.ok) return { error: parsed.error };
  const result = engineEventSchemas[name as EngineEventName].safeParse(parsed.value);
  if (!result.success) return { error: `Invalid ${name} event: ${describeIssues(result.error)}` };
  return { ...result.data, type: name } as EngineEvent;
}

// ---------------------------------------------------------------------------------------------
// The adapter both engines implement

export interface EngineAdapter {
  /** Sends a command; commands sent before the engine is ready are the adapter's to queue. */
  send(cmd: EngineCommand): void;
  /** Subscribes to events; returns the unsubscribe function. */
  on(listener: (event: EngineEvent) => void): () => void;
  /** Releases the engine; resolves once it is gone. */
  unload(): Promise<void>;
}
