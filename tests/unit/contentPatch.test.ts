import { describe, expect, it } from 'vitest';
import {
  applyContentPatch,
  ContentPatch,
  ContentPatchError,
  contentFieldKeys,
  contentPatchOf,
  isEmptyContentPatch,
} from '../../contracts/contentPatch';
import { objectListKeys, parseSceneContent, SceneContent } from '../../contracts/sceneContent';

/** A valid document with `pictures` pictures, a text and a custom space. */
function documentWith(pictures: number): SceneContent {
  const parsed = parseSceneContent({
    version: 2,
    customSpace: { levels: [{ id: 'level-0' }] },
    pictures: Array.from({ length: pictures }, (_, i) => ({
      id: `picture-${i}`,
      fileUri: `/demo/pictures/picture-${i}.jpg`,
      title: `Picture ${i}`,
      description: 'Light over water at dusk. '.repeat(10),
      width: 1.2,
      height: 0.9,
      transform: { position: [i * 2, 1.6, -3], rotation: [0, 0, 0], scale: [1, 1, 1] },
    })),
    texts3d: [{ id: 'text-1', text: 'Welcome', transform: { position: [0, 2, -1] } }],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.content;
}

const clone = <T>(value: T): T => structuredClone(value);

/** A tiny deterministic random source, so a failing case can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** `next` made from `base` by `edits` random edits of the kinds the editor makes. */
function edited(base: SceneContent, edits: number, seed: number): SceneContent {
  const next = clone(base);
  const rnd = random(seed);
  for (let e = 0; e < edits; e++) {
    const kind = Math.floor(rnd() * 7);
    const i = Math.floor(rnd() * next.pictures.length);
    if (kind === 0 && next.pictures[i]) next.pictures[i].transform.position[0] += 1;
    else if (kind === 1 && next.pictures[i]) next.pictures.splice(i, 1);
    else if (kind === 2)
      next.pictures.push({ ...clone(next.pictures[0] ?? base.pictures[0]), id: `new-${seed}-${e}` });
    else if (kind === 3 && next.pictures.length > 1) next.pictures.reverse();
    else if (kind === 4) next.startingRotation = (next.startingRotation + 90) % 360;
    else if (kind === 5) next.texts3d = [];
    else
      next.guidedTours = [
        { guidedTourId: `tour-${e}`, title: 'Tour', description: '', public: true, points: [] },
      ];
  }
  return next;
}

describe('content patches', () => {
  it('name every field of the document besides version and the object lists', () => {
    const keys = Object.keys(SceneContent.shape).filter(
      (key) => key !== 'version' && !(objectListKeys as readonly string[]).includes(key),
    );
    expect([...contentFieldKeys].sort()).toEqual(keys.sort());
  });

  it('make the second document of the first, whatever the edits', () => {
    const base = documentWith(40);
    for (let seed = 1; seed <= 200; seed++) {
      const next = edited(base, 1 + (seed % 6), seed);
      const patch = ContentPatch.parse(JSON.parse(JSON.stringify(contentPatchOf(base, next))));
      expect(applyContentPatch(base, patch), `seed ${seed}`).toEqual(next);
    }
  });

  it('are empty for the same document, and carry only the changed object for one edit', () => {
    const base = documentWith(2000);
    expect(isEmptyContentPatch(contentPatchOf(base, clone(base)))).toBe(true);
    const next = clone(base);
    next.pictures[1234].title = 'Renamed';
    const patch = contentPatchOf(base, next);
    expect(patch).toEqual({
      set: {},
      unset: [],
      lists: { pictures: { upsert: [next.pictures[1234]], remove: [] } },
    });
    expect(JSON.stringify(patch).length).toBeLessThan(1024);
  });

  it('remove optional fields the next document no longer has', () => {
    const base = documentWith(1);
    const next = clone(base);
    delete next.customSpace;
    next.spaceTemplate = { family: 'loft', size: 'S', kind: 'Standard' } as SceneContent['spaceTemplate'];
    const patch = contentPatchOf(base, next);
    expect(patch.unset).toEqual(['customSpace']);
    expect(applyContentPatch(base, patch)).toEqual(next);
  });

  it('leave the document they apply to as it was', () => {
    const base = documentWith(5);
    const before = clone(base);
    applyContentPatch(base, contentPatchOf(base, edited(base, 6, 7)));
    expect(base).toEqual(before);
  });

  it('refuse an order that does not name each object once', () => {
    const base = documentWith(3);
    const wrong = (order: string[]) => () =>
      applyContentPatch(base, ContentPatch.parse({ lists: { pictures: { order } } }));
    expect(wrong(['picture-0', 'picture-1'])).toThrow(ContentPatchError);
    expect(wrong(['picture-0', 'picture-1', 'picture-1'])).toThrow(ContentPatchError);
    expect(wrong(['picture-0', 'picture-1', 'nowhere'])).toThrow(/nowhere/);
  });

  it('take only known fields and lists, and objects with an id', () => {
    expect(ContentPatch.safeParse({ set: { version: 3 } }).success).toBe(false);
    expect(ContentPatch.safeParse({ lists: { walls: { upsert: [] } } }).success).toBe(false);
    expect(ContentPatch.safeParse({ lists: { pictures: { upsert: [{ title: 'no id' }] } } }).success).toBe(
      false,
    );
    expect(ContentPatch.safeParse({ extra: true }).success).toBe(false);
  });
});
