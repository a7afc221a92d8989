import { describe, expect, it } from 'vitest';
import {
  type SceneContentInput,
  duplicateIdMessage,
  emptySceneContent,
  httpUrlMessage,
  mtlOnlyForObjMessage,
  objectListKeys,
  openingOutsideWallMessage,
  parseSceneContent,
  placedObjectsOf,
  sceneContentVersion,
  spaceChoiceMessage,
  stairsRiseMessage,
  unknownLevelMessage,
  unknownWallMessage,
  unsupportedVersionMessage,
} from '../../contracts/sceneContent';

const at = (x: number, y: number, z: number) => ({ position: [x, y, z] as [number, number, number] });

const validV2 = (): SceneContentInput => ({
  version: 2,
  customSpace: {
    levels: [
      {
        id: 'ground',
        elevation: 0,
        walls: [
          { id: 'w1', from: [0, 0], to: [10, 0], thickness: 0.2, materialId: 'plaster' },
          { id: 'w2', from: [10, 0], to: [10, 8] },
        ],
        openings: [
          { id: 'door', wallId: 'w1', kind: 'door-double', offset: 4, width: 2, height: 2.4, sill: 0 },
          { id: 'win', wallId: 'w2', kind: 'window-panoramic', offset: 1, width: 5, height: 1.5, sill: 1 },
        ],
        stairs: [
          { id: 'st', kind: 'U', position: [1, 0, 1], rotation: 90, width: 1.2, rise: 4, toLevel: 'upper' },
        ],
      },
      { id: 'upper', elevation: 4, height: 3.5 },
    ],
    materialOverrides: { plaster: { color: '#f0f0f0', roughness: 0.9, metalness: 0, tint: '#ffffff' } },
    skyUri: '/api/fileService/file/sky',
  },
  fonts: [{ family: 'Inter', uri: '/fonts/inter.woff2' }],
  links: [{ title: 'Studio', url: 'https://example.com' }],
  startingPosition: [0, 1.7, 5],
  startingRotation: 180,
  pictures: [
    {
      id: 'p1',
      fileUri: '/api/fileService/file/abc',
      title: 'Dawn',
      width: 1.2,
      height: 0.8,
      transform: { position: [2, 1.5, 0.1], rotation: [0, 0, 0], scale: [1, 1, 1] },
      frame: { color: '#222', width: 0.05 },
    },
  ],
  videos: [
    {
      id: 'v1',
      source: 'file',
      fileUri: 'https://cdn.example.com/v.mp4',
      autoplay: true,
      transform: at(3, 1, 0),
    },
    { id: 'v2', source: 'youtube', youtubeId: 'dQw4w9WgXcQ', transform: at(4, 1, 0) },
  ],
  texts3d: [{ id: 't1', text: 'Welcome', bold: true, alignment: 'center', transform: at(0, 3, 0) }],
  models3d: [
    {
      id: 'm1',
      format: 'obj',
      fileUri: '/api/fileService/file/chair',
      mtlUri: '/api/fileService/file/mtl',
      transform: at(1, 0, 1),
    },
  ],
  portals: [{ id: 'po1', targetSceneId: 'scene-2', transform: at(9, 0, 4), label: 'Next room' }],
  infoPoints: [{ id: 'i1', title: 'About', text: 'Opened in 2026', transform: at(5, 1, 5) }],
  props: [{ id: 'pr1', propId: 'bench', transform: at(6, 0, 6) }],
  liveVideos: [{ id: 'lv1', streamUrl: 'https://live.example.com/stream', transform: at(7, 2, 0) }],
  webViews3d: [
    { id: 'wv1', url: 'https://example.com/page', width: 2, height: 1.2, transform: at(8, 1.5, 0) },
  ],
  guidedTours: [
    {
      guidedTourId: 'tour',
      title: 'Highlights',
      public: true,
      points: [
        { guidedTourPointId: 'tp1', title: 'Start', position: [0, 1.7, 5], duration: 10, order: 0 },
        {
          guidedTourPointId: 'tp2',
          title: 'Dawn',
          position: [2, 1.7, 2],
          duration: 0,
          order: 1,
          audioUri: '/a.mp3',
        },
      ],
    },
  ],
  atlasCount: 2,
});

function issuesOf(json: unknown) {
  const result = parseSceneContent(json);
  if (result.ok) throw new Error('expected the document to be refused');
  return result.issues;
}

describe('parseSceneContent', () => {
  it('accepts a valid current document and fills defaults', () => {
    const result = parseSceneContent(validV2());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { content } = result;
    expect(content.version).toBe(sceneContentVersion);
    expect(content.customSpace?.levels[1].height).toBe(3.5);
    expect(content.customSpace?.levels[0].height).toBe(4);
    expect(content.customSpace?.levels[0].walls[1].thickness).toBe(0.2);
    expect(content.texts3d[0]).toMatchObject({ size: 60, italic: false, color: '#000000' });
    expect(content.models3d[0]).toMatchObject({ collision: 'precise', animated: false });
    expect(content.pictures[0].transform.scale).toEqual([1, 1, 1]);
    expect(content.videos[1]).toMatchObject({ source: 'youtube', autoplay: false, loop: false });
  });

  it('accepts a template space with nothing placed', () => {
    const result = parseSceneContent({ version: 2, spaceTemplate: { family: 'gallery', size: 'M' } });
    expect(result.ok && result.content.spaceTemplate).toEqual({
      family: 'gallery',
      size: 'M',
      kind: 'Standard',
    });
  });

  const v1 = () => ({
    spaceTemplate: { family: 'loft', size: 'L', kind: 'Premium' },
    pictures: [
      { url: '/api/fileService/file/a', width: 1, height: 1, transform: at(0, 1, 0) },
      { url: '/api/fileService/file/b', width: 2, height: 1, transform: at(2, 1, 0) },
    ],
    videos: [
      { url: '/api/fileService/file/v', transform: at(1, 1, 0) },
      { youtubeId: 'dQw4w9WgXcQ', transform: at(1, 1, 1) },
    ],
    texts3d: [{ text: 'Hello', transform: at(0, 2, 0) }],
    models3d: [{ format: 'glb', url: '/api/fileService/file/m', transform: at(3, 0, 0) }],
  });

  it('migrates a version 1 document: ids assigned, url renamed, size filled', () => {
    const result = parseSceneContent(v1());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { content } = result;
    expect(content.version).toBe(2);
    expect(content.pictures.map((p) => [p.id, p.fileUri])).toEqual([
      ['pictures-0', '/api/fileService/file/a'],
      ['pictures-1', '/api/fileService/file/b'],
    ]);
    expect(content.pictures[0]).not.toHaveProperty('url');
    expect(content.videos[0]).toMatchObject({
      id: 'videos-0',
      source: 'file',
      fileUri: '/api/fileService/file/v',
    });
    expect(content.videos[1]).toMatchObject({ id: 'videos-1', source: 'youtube' });
    expect(content.texts3d[0]).toMatchObject({ id: 'texts3d-0', size: 60 });
    expect(content.models3d[0]).toMatchObject({ id: 'models3d-0', fileUri: '/api/fileService/file/m' });
  });

  it('migrates the same version 1 document to the same ids every time, without changing it', () => {
    const doc = v1();
    const before = structuredClone(doc);
    expect(parseSceneContent(doc)).toEqual(parseSceneContent(structuredClone(doc)));
    expect(doc).toEqual(before);
  });

  it('migrates `version: 1` like a document without a version', () => {
    expect(parseSceneContent({ ...v1(), version: 1 })).toEqual(parseSceneContent(v1()));
  });

  it('names a duplicate id and where it was first used', () => {
    const doc = validV2();
    doc.portals = [{ id: 'p1', targetSceneId: 's', transform: at(0, 0, 0) }];
    expect(issuesOf(doc)).toEqual([
      { path: 'portals.0.id', message: duplicateIdMessage('p1', 'pictures.0.id') },
    ]);
  });

  it('finds duplicates between walls, tours and objects', () => {
    const doc = validV2();
    doc.guidedTours![0].points![1].guidedTourPointId = 'w1';
    expect(issuesOf(doc)).toEqual([
      {
        path: 'guidedTours.0.points.1.guidedTourPointId',
        message: duplicateIdMessage('w1', 'customSpace.levels.0.walls.0.id'),
      },
    ]);
  });

  it('refuses a custom space and a space template together', () => {
    const doc = { ...validV2(), spaceTemplate: { family: 'gallery', size: 'S' as const } };
    expect(issuesOf(doc)).toEqual([{ path: 'spaceTemplate', message: spaceChoiceMessage }]);
  });

  it('refuses a value outside an enum', () => {
    const doc = validV2();
    (doc.models3d![0] as { collision: string }).collision = 'bouncy';
    const issues = issuesOf(doc);
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toBe('models3d.0.collision');
    expect(issues[0].message).toMatch(/none.*simple.*precise/);
  });

  it('refuses a zero or negative scale', () => {
    const doc = validV2();
    doc.pictures![0].transform.scale = [1, -2, 0];
    expect(issuesOf(doc)).toEqual([
      { path: 'pictures.0.transform.scale.1', message: 'Must be greater than 0' },
      { path: 'pictures.0.transform.scale.2', message: 'Must be greater than 0' },
    ]);
  });

  it('refuses a web view whose url is not http(s)', () => {
    const doc = validV2();
    doc.webViews3d![0].url = 'javascript:alert(1)';
    expect(issuesOf(doc)).toEqual([{ path: 'webViews3d.0.url', message: httpUrlMessage }]);
  });

  it('names the range a number must be in, and says "finite number" only of what is not one', () => {
    const doc = { ...validV2(), startingRotation: 999 };
    doc.pictures![0].width = 20_000;
    doc.startingPosition = [200_000, 0, 'north' as unknown as number];
    expect(issuesOf(doc)).toEqual(
      expect.arrayContaining([
        { path: 'pictures.0.width', message: 'Must be at most 10000' },
        { path: 'startingPosition.0', message: 'Must be between -100000 and 100000' },
        { path: 'startingPosition.2', message: 'Must be a finite number' },
        { path: 'startingRotation', message: 'Must be between 0 and 360' },
      ]),
    );
    expect(issuesOf(doc)).toHaveLength(4);
  });

  it('refuses numbers that are not finite', () => {
    const doc = validV2();
    doc.startingPosition = [Number.NaN, 0, Number.POSITIVE_INFINITY];
    expect(issuesOf(doc).map((i) => i.path)).toEqual(['startingPosition.0', 'startingPosition.2']);
  });

  it('checks openings and stairs against their walls and levels', () => {
    const doc = validV2();
    const ground = doc.customSpace!.levels[0];
    ground.openings![0].wallId = 'nowhere';
    ground.openings![1].offset = 7;
    ground.stairs![0].toLevel = 'roof';
    expect(issuesOf(doc)).toEqual([
      { path: 'customSpace.levels.0.openings.0.wallId', message: unknownWallMessage('nowhere') },
      { path: 'customSpace.levels.0.openings.1.width', message: openingOutsideWallMessage },
      { path: 'customSpace.levels.0.stairs.0.toLevel', message: unknownLevelMessage('roof') },
    ]);
  });

  it('refuses stairs whose rise is not the height of the level they lead to', () => {
    const doc = validV2();
    doc.customSpace!.levels[0].stairs![0].rise = 3;
    expect(issuesOf(doc)).toEqual([
      { path: 'customSpace.levels.0.stairs.0.rise', message: stairsRiseMessage(3, 4) },
    ]);
  });

  it('refuses a material file on a model that is not obj', () => {
    const doc = validV2();
    doc.models3d![0].format = 'glb';
    expect(issuesOf(doc)).toEqual([{ path: 'models3d.0.mtlUri', message: mtlOnlyForObjMessage }]);
  });

  it('refuses more objects than a list may hold', () => {
    const doc = validV2();
    doc.props = Array.from({ length: 5001 }, (_, i) => ({
      id: `prop-${i}`,
      propId: 'p',
      transform: at(0, 0, 0),
    }));
    expect(issuesOf(doc).map((i) => i.path)).toEqual(['props']);
  });

  it('refuses unknown versions', () => {
    expect(issuesOf({ version: 3 })).toEqual([{ path: 'version', message: unsupportedVersionMessage(3) }]);
    expect(issuesOf({ version: 'two' })[0].path).toBe('version');
  });

  it.each([null, undefined, 42, 'scene', [], true])('returns issues, never throws, for %j', (value) => {
    expect(() => parseSceneContent(value)).not.toThrow();
    expect(parseSceneContent(value).ok).toBe(false);
  });

  it('returns issues, never throws, for structurally broken documents', () => {
    const broken = [
      {
        version: 2,
        customSpace: { levels: [{ id: 'l', walls: 5, openings: [{ wallId: 'w' }] }] },
        pictures: 'x',
      },
      { version: 2, customSpace: { levels: 'many' }, guidedTours: [{ points: [null] }] },
      { pictures: [null, 'x', { url: 5 }], videos: {}, texts3d: [7] },
      { version: 2, videos: [{ source: 'vimeo' }], models3d: [{ format: 'fbx' }] },
    ];
    for (const doc of broken) {
      const result = parseSceneContent(doc);
      expect(result.ok).toBe(false);
      if (!result.ok) for (const issue of result.issues) expect(issue.message).not.toBe('');
    }
  });
});

describe('emptySceneContent', () => {
  it('is a valid document with one empty level', () => {
    const empty = emptySceneContent();
    expect(parseSceneContent(empty)).toEqual({ ok: true, content: empty });
    expect(empty.customSpace?.levels).toEqual([
      { id: 'level-0', name: 'Ground Level', elevation: 0, height: 4, walls: [], openings: [], stairs: [] },
    ]);
    expect(empty.pictures).toEqual([]);
    expect(emptySceneContent()).not.toBe(empty);
  });
});

describe('placedObjectsOf', () => {
  it('lists every placed object with its list, list by list, and nothing else', () => {
    const result = parseSceneContent(validV2());
    if (!result.ok) throw new Error('expected a valid document');
    const entries = placedObjectsOf(result.content);
    expect(entries.map(({ list, item }) => [list, item.id])).toEqual([
      ['pictures', 'p1'],
      ['videos', 'v1'],
      ['videos', 'v2'],
      ['texts3d', 't1'],
      ['models3d', 'm1'],
      ['portals', 'po1'],
      ['infoPoints', 'i1'],
      ['props', 'pr1'],
      ['liveVideos', 'lv1'],
      ['webViews3d', 'wv1'],
    ]);
    expect(entries[0].item).toBe(result.content.pictures[0]);
    expect(new Set(entries.map((e) => e.list))).toEqual(new Set(objectListKeys));
  });
});
