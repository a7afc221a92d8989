import { describe, expect, it } from 'vitest';
import { type SceneContent, parseSceneContent } from '../../contracts/sceneContent';
import {
  type EngineChannel,
  type EngineCommand,
  type EngineEvent,
  type EngineEventName,
  decodeCommand,
  decodeEvent,
  encodeCommand,
  encodeEvent,
  engineCommandSchemas,
  engineEventNames,
  isDecodeError,
} from '../../src/engine/protocol';

function content(): SceneContent {
  const result = parseSceneContent({
    version: 2,
    spaceTemplate: { family: 'gallery', size: 'M' },
    pictures: [
      {
        id: 'p1',
        fileUri: '/api/fileService/file/a',
        width: 1,
        height: 1,
        transform: { position: [0, 1, 0] },
      },
    ],
  });
  if (!result.ok) throw new Error('fixture is invalid');
  return result.content;
}

const transform = {
  position: [1, 2, 3],
  rotation: [0, 90, 0],
  scale: [1, 1, 1],
} as SceneContent['pictures'][number]['transform'];

type Payloads = {
  [C in EngineChannel]: {
    [M in Extract<EngineCommand, { channel: C }>['method']]: Extract<
      EngineCommand,
      { channel: C; method: M }
    >['payload'];
  };
};

/** One payload per command; the type makes sure no command is forgotten. */
const payloads: Payloads = {
  Startup: {
    start: {
      mode: 'editor',
      settings: {
        graphicsQuality: 5,
        renderScale: 1,
        targetFrameRate: 60,
        filtering: 2,
        adaptiveResolution: false,
        showVisitors: false,
        language: 'en',
      },
    },
  },
  Settings: {
    setGraphicsQuality: { level: 0 },
    setRenderQuality: { scale: 0.75 },
    setTargetFrameRate: { fps: 30 },
    setFiltering: { level: 1 },
    setAdaptiveResolution: { enabled: false },
    setVisitorsShown: { shown: false },
  },
  Character: { setInputEnabled: { enabled: false } },
  Core: {
    setKeyboardCapture: { enabled: true },
    setProfilerVisible: { visible: true },
    requestStats: {},
    requestCameraState: {},
    requestScreenPosition: { objectId: 'p1' },
    projectPoint: { position: [1, 2, 3] },
  },
  Inspector: {
    showAsset: { asset: { kind: 'model3d', uri: '/api/fileService/file/m', format: 'glb' } },
    showDimensions: { visible: true },
  },
  Scene: { load: { content: content() }, unload: {} },
  Viewer: {
    playGuidedTour: { tourId: 'tour' },
    pauseGuidedTour: {},
    stopGuidedTour: {},
    nextGuidedTourPoint: {},
    previousGuidedTourPoint: {},
    teleport: { position: [0, 0, 0], rotation: 90 },
    enterVr: {},
    exitVr: {},
    showAvatars: {
      poses: [{ id: 7, position: [1, 0, 2], yaw: 90, speaking: true, emote: 'Wave' }],
      names: [{ id: 7, name: 'Ana' }],
      left: [3],
    },
    clearAvatars: {},
  },
  'Editor.Construction': {
    setTool: { tool: 'opening', options: { openingKind: 'window-top' } },
    useTemplate: { template: { family: 'loft', size: 'L', kind: 'Premium' } },
    useCustomSpace: {},
    setCustomSpace: {
      customSpace: {
        levels: [
          { id: 'l0', name: 'Ground Level', elevation: 0, height: 4, walls: [], openings: [], stairs: [] },
        ],
        materialOverrides: {},
      },
    },
    addLevel: { name: 'Mezzanine' },
    removeLevel: { levelId: 'l1' },
    renameLevel: { levelId: 'l1', name: 'Loft' },
    setActiveLevel: { levelId: 'l0' },
    addWall: { levelId: 'l0', wall: { from: [0, 0], to: [5, 0], thickness: 0.2 } },
    addOpening: {
      levelId: 'l0',
      opening: { wallId: 'w', kind: 'window-top', offset: 1, width: 1, height: 0.5, sill: 2 },
    },
    addStairs: {
      levelId: 'l0',
      stairs: { kind: 'U', turn: 'right', position: [0, 0, 0], rotation: 90, width: 1, toLevel: 'l1' },
    },
    removeElement: { id: 'w' },
    setUnits: { units: 'inches' },
  },
  'Editor.Content': {
    add: {
      item: {
        kind: 'text3d',
        item: {
          text: 'Hi',
          font: 'Roboto',
          size: 60,
          bold: false,
          italic: true,
          underline: false,
          fontTransform: 'UpperCase',
          color: '#112233',
          alignment: 'right',
          outline: { width: 1, color: '#000' },
        },
      },
    },
    placeAt: {
      item: {
        kind: 'picture',
        item: {
          fileUri: '/api/fileService/file/a',
          width: 1,
          height: 0.75,
          frame: { color: '#222222', width: 0.05 },
        },
      },
      x: 320,
      y: 200,
    },
    setTransform: { id: 'm', transform },
    update: { id: 't', patch: { text: 'Hello' } },
    removeObjects: { ids: ['m', 't'] },
    select: { ids: ['m'] },
    deleteSelection: {},
    duplicateSelection: {},
    copySelection: {},
    paste: {},
    undo: {},
    redo: {},
    setGizmoMode: { mode: 'rotate' },
    setSnapping: { enabled: true, grid: 0.5, angle: 15, scale: 0.1 },
    setCameraMode: { mode: 'walk' },
    focus: { id: 'm' },
    setHelpVisible: { visible: true },
    requestObjectList: {},
    exportContent: {},
  },
  'Editor.Curation': {
    setStartingPoint: { position: [0, 1.7, 0], rotation: 270 },
    captureStartingPoint: {},
    setLinkable: { linkable: false },
  },
  'Editor.Design': {
    setMaterialOverride: {
      materialId: 'plaster',
      override: { color: '#ffffff', roughness: 0.5, metalness: 0, tint: '#ffffff' },
    },
    setBrush: { brush: { base: 'wood', color: '#b08458', roughness: 0.6, metalness: 0, tint: '#ffeedd' } },
    applyTheme: { themeId: 'warm-wood' },
    setSky: { uri: null },
    setTerrain: { uri: 'https://example.com/terrain.glb' },
    setAmbientSound: { uri: '/api/fileService/file/sound' },
    setPropLibrary: {
      props: [{ propId: 'vase', title: 'Vase', fileUri: '/api/fileService/file/vase', format: 'glb' }],
    },
  },
  'Editor.GuidedTour': {
    addTour: { tour: { title: 'Tour', description: '', public: false, points: [] } },
    updateTour: { tourId: 'tour', title: 'Highlights', public: true },
    removeTour: { tourId: 'tour' },
    addPoint: {
      tourId: 'tour',
      point: { title: 'P', description: '', position: [0, 0, 0], rotation: [0, 0, 0], duration: 5 },
    },
    capturePoint: { tourId: 'tour', title: 'Here', description: 'Look up', duration: 4 },
    updatePoint: { tourId: 'tour', pointId: 'tp', patch: { duration: 6, title: 'There' } },
    movePoint: { tourId: 'tour', pointId: 'tp', toIndex: 0 },
    removePoint: { tourId: 'tour', pointId: 'tp' },
    previewPoint: { tourId: 'tour', pointId: 'tp' },
  },
  YouTube: { play: { objectId: 'v' }, stop: { objectId: 'v' } },
};

const allCommands: EngineCommand[] = Object.entries(payloads).flatMap(([channel, methods]) =>
  Object.entries(methods as Record<string, unknown>).map(
    ([method, payload]) => ({ channel, method, payload }) as EngineCommand,
  ),
);

describe('engine commands', () => {
  it('has a sample for every command of the protocol', () => {
    const declared = Object.entries(engineCommandSchemas).flatMap(([c, ms]) =>
      Object.keys(ms).map((m) => `${c}.${m}`),
    );
    expect(allCommands.map((c) => `${c.channel}.${String(c.method)}`).sort()).toEqual(declared.sort());
  });

  it.each(allCommands.map((c) => [`${c.channel}.${String(c.method)}`, c] as const))(
    '%s encodes to sendMessage(channel, method, json) and decodes back',
    (_, cmd) => {
      const encoded = encodeCommand(cmd);
      expect(encoded.gameObject).toBe(cmd.channel);
      expect(encoded.method).toBe(cmd.method);
      expect(JSON.parse(encoded.json)).toEqual(cmd.payload);
      expect(decodeCommand(encoded.gameObject, encoded.method, encoded.json)).toEqual(cmd);
    },
  );

  it('refuses a graphics quality level outside 0–5 with a clear message', () => {
    for (const level of [-1, 6, 2.5]) {
      const result = decodeCommand('Settings', 'setGraphicsQuality', JSON.stringify({ level }));
      expect(isDecodeError(result)).toBe(true);
      expect((result as { error: string }).error).toMatch(/^Invalid Settings\.setGraphicsQuality: level: /);
    }
    const six = decodeCommand('Settings', 'setGraphicsQuality', '{"level":6}') as { error: string };
    expect(six.error).toContain('Graphics quality is a level from 0 to 5');
  });

  it('refuses unknown channels and methods, inherited names included', () => {
    expect(decodeCommand('Nowhere', 'start', '{}')).toEqual({ error: 'Unknown command Nowhere.start' });
    expect(decodeCommand('Startup', 'toString', '{}')).toEqual({ error: 'Unknown command Startup.toString' });
    expect(decodeCommand('__proto__', 'constructor', '{}')).toHaveProperty('error');
  });

  it('refuses invalid scene content inside Scene.load', () => {
    const result = decodeCommand(
      'Scene',
      'load',
      JSON.stringify({ content: { version: 2, pictures: [{}] } }),
    );
    expect(isDecodeError(result)).toBe(true);
  });
});

/** One sample per event; the type makes sure no event is forgotten. */
const eventSamples: { [N in EngineEventName]: Extract<EngineEvent, { type: N }> } = {
  ready: { type: 'ready', mode: 'viewer' },
  loadProgress: { type: 'loadProgress', percent: 42.5 },
  loaded: { type: 'loaded' },
  objectsLoaded: { type: 'objectsLoaded' },
  error: { type: 'error', code: 'asset-missing', message: 'A model could not be loaded' },
  assetFailed: {
    type: 'assetFailed',
    objectId: 'p1',
    uri: '/api/fileService/file/a',
    message: 'Failed to load image',
  },
  selection: { type: 'selection', objectId: 'p1', objectIds: ['p1', 'p2'] },
  editorState: {
    type: 'editorState',
    canUndo: true,
    canRedo: false,
    undoLabel: 'Add wall',
    redoLabel: null,
    tool: 'wall',
    toolOptions: { openingKind: 'door-single', stairsKind: 'straight', stairsTurn: 'left' },
    gizmoMode: 'translate',
    cameraMode: 'orbit',
    units: 'metres',
    snapping: true,
    space: { kind: 'custom' },
    activeLevelId: 'l0',
    levels: [{ id: 'l0', name: 'Ground Level', elevation: 0, walls: 4 }],
    tours: [{ id: 'tour', title: 'Tour', points: [{ id: 'tp', title: 'P', duration: 5 }] }],
    objectCount: 3,
    selectionCount: 1,
    cost: { extraLevels: 0, extraPaths: 0, templateKind: null, lines: [], totalCredits: 0 },
  },
  objectList: { type: 'objectList', objects: [{ id: 'p1', kind: 'picture', label: 'Dawn' }] },
  commandRejected: {
    type: 'commandRejected',
    command: 'Editor.GuidedTour.updatePoint',
    code: 'VALIDATION_FAILED',
    message: 'Duration > 3',
  },
  projectedPoint: { type: 'projectedPoint', x: 10, y: 20, visible: true },
  contentChanged: { type: 'contentChanged' },
  exportResult: { type: 'exportResult', content: content() },
  navigationRequested: { type: 'navigationRequested', kind: 'portal', targetSceneId: 'scene-2' },
  infoPointOpened: { type: 'infoPointOpened', id: 'i', title: 'About', text: 'Opened in 2026' },
  artworkFocused: { type: 'artworkFocused', objectId: 'p1' },
  linkRequested: { type: 'linkRequested', objectId: 'm', url: 'https://example.com' },
  videoState: { type: 'videoState', objectId: 'v', playing: true },
  guidedTourState: {
    type: 'guidedTourState',
    tourId: 'tour',
    pointIndex: 2,
    pointCount: 3,
    playing: true,
    finished: false,
  },
  settingsApplied: {
    type: 'settingsApplied',
    graphicsQuality: 0,
    renderScale: 1,
    targetFrameRate: 30,
    filtering: 2,
    pixelRatio: 0.5,
    shadows: false,
  },
  cameraState: { type: 'cameraState', position: [1, 1.6, 2], yaw: 90, pitch: -5, levelId: 'ground' },
  xrState: { type: 'xrState', supported: true, active: false },
  screenPosition: { type: 'screenPosition', objectId: 'i', x: 320, y: 200, visible: true },
  profilerVisible: { type: 'profilerVisible', visible: true },
  visitorMoved: { type: 'visitorMoved', position: [1, 0, 2], yaw: 45 },
  inspectorReport: {
    type: 'inspectorReport',
    dimensions: { x: 1.2, y: 0.8, z: 0.5 },
    animationClips: ['Idle', 'Walk'],
    triangles: 12_000,
    meshes: 4,
    materials: 3,
    textures: 5,
  },
  profilerStats: {
    type: 'profilerStats',
    fps: 60,
    frameMs: 16.6,
    drawCalls: 120,
    triangles: 250_000,
    textures: 12,
    geometries: 40,
    memoryMb: 85,
    renderScale: 0.8,
  },
  occlusionBaked: { type: 'occlusionBaked', triangles: 18_000, workerMs: 950, cached: false },
};

describe('engine events', () => {
  it('has a sample for every event of the protocol', () => {
    expect(Object.keys(eventSamples).sort()).toEqual([...engineEventNames].sort());
  });

  it.each(Object.values(eventSamples).map((e) => [e.type, e] as const))('%s round-trips', (_, event) => {
    const { name, json } = encodeEvent(event);
    expect(name).toBe(event.type);
    expect(JSON.parse(json)).not.toHaveProperty('type');
    expect(decodeEvent(name, json)).toEqual(event);
  });

  it('reads an event without data sent with an empty string', () => {
    expect(decodeEvent('loaded', '')).toEqual({ type: 'loaded' });
  });

  it('returns an error value for garbage JSON', () => {
    expect(decodeEvent('ready', '{mode: viewer')).toEqual({ error: 'The message is not valid JSON' });
    expect(decodeCommand('Scene', 'unload', 'nope')).toEqual({ error: 'The message is not valid JSON' });
  });

  it('returns an error value for unknown names, inherited names included', () => {
    expect(decodeEvent('exploded', '{}')).toEqual({ error: 'Unknown engine event exploded' });
    expect(decodeEvent('toString', '{}')).toEqual({ error: 'Unknown engine event toString' });
    expect(decodeEvent('__proto__', '{}')).toHaveProperty('error');
  });

  it('returns an error value for data of the wrong shape', () => {
    for (const [name, json] of [
      ['loadProgress', '{"percent":140}'],
      ['ready', '{"mode":"player"}'],
      ['ready', 'null'],
      ['ready', '[]'],
      ['selection', '{}'],
      ['navigationRequested', '{"kind":"door","targetSceneId":"s"}'],
      ['inspectorReport', '{"dimensions":{"x":-1,"y":0,"z":0}}'],
    ]) {
      const result = decodeEvent(name, json);
      expect(isDecodeError(result), `${name} ${json}`).toBe(true);
      expect((result as { error: string }).error).toMatch(new RegExp(`^Invalid ${name} event: `));
    }
  });

  it('keeps the event type even if the data carries one', () => {
    expect(decodeEvent('loaded', '{"type":"ready"}')).toEqual({ type: 'loaded' });
  });
});

describe('command types', () => {
  it('narrow the payload by channel and method', () => {
    const handle = (cmd: EngineCommand): string => {
      if (cmd.channel === 'Settings' && cmd.method === 'setGraphicsQuality')
        return `quality ${cmd.payload.level}`;
      if (cmd.channel === 'Scene' && cmd.method === 'load')
        return `${cmd.payload.content.pictures.length} pictures`;
      return 'other';
    };
    expect(handle({ channel: 'Settings', method: 'setGraphicsQuality', payload: { level: 4 } })).toBe(
      'quality 4',
    );
    expect(handle({ channel: 'Scene', method: 'load', payload: { content: content() } })).toBe('1 pictures');
    // @ts-expect-error: a method of another channel
    expect(handle({ channel: 'Settings', method: 'load', payload: { content: content() } })).toBe('other');
    // @ts-expect-error: the wrong payload for the method
    expect(handle({ channel: 'Core', method: 'setKeyboardCapture', payload: { level: 1 } })).toBe('other');
  });
});
