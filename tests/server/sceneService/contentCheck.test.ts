import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CustomSpace,
  FontRef,
  GuidedTour,
  GuidedTourPoint,
  InfoPoint,
  Level,
  LiveVideo,
  MaterialOverride,
  Model3d,
  Opening,
  parseSceneContent,
  Picture,
  PlacedProp,
  Portal,
  SceneContent,
  SpaceLink,
  SpaceTemplateChoice,
  Stairs,
  Text3d,
  Transform,
  Video,
  Wall,
  WebView3d,
} from '../../../contracts/sceneContent';
import {
  checkContentBytes,
  FileIdScanner,
  referencedFileIds,
} from '../../../server/services/sceneService/content';
import { canonicalKeys, isCanonicalSceneContent } from '../../../server/services/sceneService/contentCheck';

/**
 * The fast canonical check must never accept what the contract refuses or would change: whenever
 * it says yes, parseSceneContent must accept the document and answer it unchanged. Checked here on
 * generated documents and thousands of mutations of them.
 */

/** A small deterministic random generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof random>;

function generate(rng: Rng): Record<string, unknown> {
  let n = 0;
  const id = () => `obj-${n++}`;
  const maybe = (o: Record<string, unknown>, key: string, value: () => unknown, p = 0.5) => {
    if (rng.chance(p)) o[key] = value();
    return o;
  };
  const vec3 = () => [rng.int(20) - 10, rng.int(4), rng.int(20) - 10];
  const transform = () => {
    const t: Record<string, unknown> = { position: vec3() };
    maybe(t, 'rotation', () => [0, rng.int(360), 0]);
    maybe(t, 'scale', () => [1, 1 + rng.int(3), 1]);
    return t;
  };
  const uri = () =>
    rng.pick([
      '/demo/pictures/picture-001.jpg',
      'https://cdn.example.com/a.png',
      '/api/fileService/file/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    ]);
  const doc: Record<string, unknown> = { version: 2 };
  if (rng.chance(0.6)) {
    const levels = [];
    for (let l = 0; l < 1 + rng.int(2); l++) {
      const walls = [{ id: id(), from: [0, 0], to: [8, 0] }];
      const level: Record<string, unknown> = { id: id(), walls, elevation: l * 4 };
      maybe(level, 'openings', () => [
        { id: id(), wallId: walls[0].id, kind: 'door-single', offset: 1, width: 1, height: 2 },
      ]);
      maybe(level, 'name', () => `Level ${l}`);
      maybe(level, 'height', () => 4);
      levels.push(level);
    }
    if (levels.length > 1 && rng.chance(0.5)) {
      (levels[0] as Record<string, unknown>).stairs = [
        { id: id(), kind: 'straight', position: [1, 0, 1], width: 1.2, rise: 4, toLevel: levels[1].id },
      ];
    }
    const space: Record<string, unknown> = { levels };
    maybe(space, 'materialOverrides', () => ({ wall: { color: '#abcdef' } }));
    maybe(space, 'skyUri', uri, 0.2);
    maybe(space, 'lighting', () => rng.pick(['gallery', 'daylight']), 0.3);
    doc.customSpace = space;
  } else if (rng.chance(0.7)) {
    doc.spaceTemplate = { family: 'white-cube', size: rng.pick(['S', 'M', 'L', 'XL']) };
  }
  const list = (make: () => Record<string, unknown>) => Array.from({ length: rng.int(3) }, make);
  maybe(doc, 'pictures', () =>
    list(() => {
      const p: Record<string, unknown> = {
        id: id(),
        fileUri: uri(),
        width: 1,
        height: 1,
        transform: transform(),
      };
      maybe(p, 'title', () => 'A title');
      maybe(p, 'altText', () => 'Two boats on a grey sea');
      maybe(p, 'artist', () => 'Ann Lee');
      maybe(p, 'year', () => '1999');
      maybe(p, 'frame', () => ({ color: '#000', width: 0.05 }), 0.3);
      return p;
    }),
  );
  maybe(doc, 'videos', () =>
    list(() =>
      rng.chance(0.5)
        ? { id: id(), source: 'youtube', youtubeId: 'dQw4w9WgXcQ', transform: transform() }
        : { id: id(), source: 'file', fileUri: uri(), transform: transform(), autoplay: true },
    ),
  );
  maybe(doc, 'texts3d', () =>
    list(() => {
      const t: Record<string, unknown> = { id: id(), text: 'Hello', transform: transform() };
      maybe(t, 'outline', () => ({ width: 2, color: '#ffffff' }), 0.3);
      maybe(t, 'dropShadow', () => ({ color: '#000000', distance: 1 }), 0.3);
      maybe(t, 'link', () => 'https://example.com/more', 0.3);
      return t;
    }),
  );
  maybe(doc, 'models3d', () =>
    list(() => {
      const format = rng.pick(['glb', 'obj'] as const);
      const m: Record<string, unknown> = { id: id(), format, fileUri: uri(), transform: transform() };
      if (format === 'obj') maybe(m, 'mtlUri', uri);
      maybe(m, 'externalLink', () => 'https://example.com', 0.3);
      return m;
    }),
  );
  maybe(
    doc,
    'portals',
    () => list(() => ({ id: id(), targetSceneId: 'scene-x', transform: transform() })),
    0.3,
  );
  maybe(
    doc,
    'infoPoints',
    () => list(() => ({ id: id(), title: 'Info', text: 'Text', transform: transform() })),
    0.3,
  );
  maybe(doc, 'props', () => list(() => ({ id: id(), propId: 'chair', transform: transform() })), 0.3);
  maybe(
    doc,
    'liveVideos',
    () => list(() => ({ id: id(), streamUrl: 'https://live.example.com/s', transform: transform() })),
    0.3,
  );
  maybe(
    doc,
    'webViews3d',
    () => list(() => ({ id: id(), url: 'https://example.com', width: 2, height: 1, transform: transform() })),
    0.3,
  );
  maybe(doc, 'fonts', () => [{ family: 'Roboto', uri: uri() }], 0.3);
  maybe(doc, 'links', () => [{ title: 'Home', url: 'https://example.com' }], 0.3);
  maybe(doc, 'guidedTours', () =>
    list(() => ({
      guidedTourId: id(),
      title: 'Tour',
      points: [{ guidedTourPointId: id(), title: 'Stop', position: vec3(), order: 0 }],
    })),
  );
  maybe(doc, 'ambientSoundUri', uri, 0.2);
  maybe(doc, 'startingRotation', () => rng.int(360), 0.3);
  return doc;
}

const weird: unknown[] = [
  null,
  -1,
  0,
  0.5,
  1e9,
  -1e9,
  'x',
  ' x',
  '',
  true,
  false,
  [],
  {},
  [0, 0],
  [0, 0, 0, 0],
  'https://example.com',
  'javascript:alert(1)',
  '//evil.example',
  '/ok',
  '#fff',
  '#ggg',
  'S',
  'Standard',
  'obj',
  'glb',
  'youtube',
  'file',
  2,
  1,
  'dQw4w9WgXc',
  '__proto__',
];

/** Every [parent, key] in the document. */
function slots(value: unknown, out: [Record<string | number, unknown>, string | number][] = []) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([value as unknown as Record<number, unknown>, i]);
      slots(v, out);
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push([value as Record<string, unknown>, k]);
      slots(v, out);
    }
  }
  return out;
}

function mutate(doc: unknown, rng: Rng): unknown {
  const copy = JSON.parse(JSON.stringify(doc));
  const all = slots(copy);
  if (all.length === 0) return copy;
  const [parent, key] = rng.pick(all);
  const ids = all.filter(([, k]) => k === 'id').map(([p, k]) => p[k]);
  switch (rng.int(6)) {
    case 0:
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      break;
    case 1:
      if (!Array.isArray(parent)) parent[`extra${rng.int(3)}`] = 1;
      else parent.push(JSON.parse(JSON.stringify(parent[Number(key)])));
      break;
    case 2:
      if (ids.length > 0) parent[key] = rng.pick(ids);
      break;
    case 3:
      if (typeof parent[key] === 'string') parent[key] = ` ${parent[key]} `;
      else if (typeof parent[key] === 'number') parent[key] = (parent[key] as number) * -1000 - 1;
      else parent[key] = rng.pick(weird);
      break;
    default:
      parent[key] = rng.pick(weird);
  }
  // What JSON.parse would make of it (a '__proto__' key as an own property included).
  return JSON.parse(JSON.stringify(copy).replace('"extra0"', '"__proto__"'));
}

function expectSound(doc: unknown, label: string) {
  if (!isCanonicalSceneContent(doc)) return false;
  const parsed = parseSceneContent(doc);
  expect(parsed.ok, `${label}: accepted by the fast check but refused: ${JSON.stringify(doc)}`).toBe(true);
  if (parsed.ok) expect(parsed.content, `${label}: changed by parsing`).toEqual(doc);
  return true;
}

describe('the fast canonical check', () => {
  it('knows every field of the contract', () => {
    const shape = (schema: z.ZodType) => Object.keys((schema as unknown as { shape: object }).shape).sort();
    const unwrap = (schema: unknown) => (schema as { unwrap: () => z.ZodType }).unwrap();
    const pairs: [keyof typeof canonicalKeys, z.ZodType][] = [
      ['SceneContent', SceneContent],
      ['Transform', Transform],
      ['CustomSpace', CustomSpace],
      ['Level', Level],
      ['Wall', Wall],
      ['Opening', Opening],
      ['Stairs', Stairs],
      ['MaterialOverride', MaterialOverride],
      ['SpaceTemplateChoice', SpaceTemplateChoice],
      ['FontRef', FontRef],
      ['SpaceLink', SpaceLink],
      ['GuidedTour', GuidedTour],
      ['GuidedTourPoint', GuidedTourPoint],
      ['Picture', Picture],
      ['PictureFrame', unwrap(Picture.shape.frame)],
      ['Text3d', Text3d],
      ['TextOutline', unwrap(Text3d.shape.outline)],
      ['TextDropShadow', unwrap(Text3d.shape.dropShadow)],
      ['Model3d', Model3d],
      ['Portal', Portal],
      ['InfoPoint', InfoPoint],
      ['PlacedProp', PlacedProp],
      ['LiveVideo', LiveVideo],
      ['WebView3d', WebView3d],
      ['VideoFile', Video.options[0]],
      ['VideoYoutube', Video.options[1]],
    ];
    for (const [name, schema] of pairs) expect([...canonicalKeys[name]].sort(), name).toEqual(shape(schema));
    expect(Object.keys(canonicalKeys).sort()).toEqual(pairs.map(([n]) => n).sort());
  });

  it('recognises what the contract answers, the demo gallery included', () => {
    for (const file of ['gallery.json', 'empty-room.json']) {
      const doc = JSON.parse(readFileSync(`public/demo/${file}`, 'utf8'));
      const parsed = parseSceneContent(doc);
      expect(parsed.ok).toBe(true);
      if (parsed.ok)
        expect(isCanonicalSceneContent(JSON.parse(JSON.stringify(parsed.content))), file).toBe(true);
    }
    const rng = random(7);
    for (let i = 0; i < 300; i++) {
      const parsed = parseSceneContent(generate(rng));
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      if (parsed.ok) expect(isCanonicalSceneContent(JSON.parse(JSON.stringify(parsed.content)))).toBe(true);
    }
  });

  it('never accepts what the contract refuses or would change (generated documents and mutations)', () => {
    const rng = random(42);
    let accepted = 0;
    let mutations = 0;
    for (let i = 0; i < 300; i++) {
      const raw = generate(rng);
      expectSound(raw, `raw ${i}`);
      const parsed = parseSceneContent(raw);
      if (!parsed.ok) continue;
      const canonical = JSON.parse(JSON.stringify(parsed.content));
      for (let m = 0; m < 25; m++) {
        let doc = canonical;
        for (let k = 0, rounds = 1 + rng.int(2); k < rounds; k++) doc = mutate(doc, rng);
        mutations++;
        if (expectSound(doc, `document ${i}, mutation ${m}`)) accepted++;
      }
    }
    // Some mutations keep a document valid and canonical (a number changed within range...).
    expect(mutations).toBe(7500);
    expect(accepted).toBeGreaterThan(100);
  });

  it('answers issues for what it refuses, and the normalised document for what it fixes', () => {
    expect(checkContentBytes(Buffer.from('{"version":2,"pictures":[{}]}'))).toMatchObject({ ok: false });
    const fixed = checkContentBytes(Buffer.from('{"version":2}'));
    expect(fixed.ok).toBe(true);
    if (fixed.ok) {
      expect(fixed.normalized).not.toBeNull();
      expect(isCanonicalSceneContent(JSON.parse(Buffer.from(fixed.normalized!).toString('utf8')))).toBe(true);
    }
  });

  it('finds the file service files a document mentions', () => {
    const a = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const b = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
    const text = JSON.stringify({
      one: `/api/fileService/file/${a}`,
      again: `https://spaces.example.com/api/fileService/file/${a}?x=1`,
      thumb: `/api/fileService/thumbnail/${b}?w=640`,
      not: '/api/fileService/file/not-an-id',
    });
    expect(referencedFileIds(text).sort()).toEqual([a, b]);
  });

  it('finds the file ids of a body read piece by piece, ids cut between two pieces included', () => {
    const ids = Array.from(
      { length: 40 },
      (_, i) => `${String(i).padStart(8, '0')}-1111-4222-8333-444455556666`,
    );
    const text = JSON.stringify({
      pictures: ids.map((id, i) => ({ fileUri: `/api/fileService/${i % 2 ? 'thumbnail' : 'file'}/${id}` })),
    });
    const bytes = Buffer.from(text);
    // Every piece size cuts some marker or id in two somewhere.
    for (const piece of [1, 7, 33, 50, 97, 1000]) {
      const scanner = new FileIdScanner();
      for (let end = piece; end < bytes.length + piece; end += piece)
        scanner.scan(bytes, Math.min(end, bytes.length));
      expect(scanner.ids.sort()).toEqual([...ids].sort());
    }
    expect(referencedFileIds(bytes).sort()).toEqual([...ids].sort());
  });
});
