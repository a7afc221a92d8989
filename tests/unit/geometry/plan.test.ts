import { describe, expect, it } from 'vitest';
import { type CustomSpace, type Level, type Opening, type Wall } from '../../../contracts/sceneContent';
import {
  floorRects,
  pointInPolygon,
  polygonArea,
  slabOutlines,
  wallBounds,
  wallPieces,
} from '../../../geometry/plan';
import { stairsLayout } from '../../../geometry/stairs';

const level = (over: Partial<Level> = {}): Level => ({
  id: 'ground',
  name: 'Ground Level',
  elevation: 0,
  height: 4,
  walls: [],
  openings: [],
  stairs: [],
  ...over,
});
const wall = (id: string, from: [number, number], to: [number, number], thickness = 0.2): Wall => ({
  id,
  from,
  to,
  thickness,
});
const opening = (
  over: Partial<Opening> & Pick<Opening, 'kind' | 'offset' | 'width' | 'height'>,
): Opening => ({
  id: `o-${over.offset}`,
  wallId: 'w',
  sill: 0,
  ...over,
});

describe('wall pieces', () => {
  it('keep a plain wall whole, extended by half its thickness at each end to close corners', () => {
    const { pieces, glass } = wallPieces(wall('w', [0, 0], [10, 0]), [], level());
    expect(pieces).toHaveLength(1);
    expect(pieces[0].length).toBeCloseTo(10.2);
    expect(pieces[0].center[0]).toBeCloseTo(5);
    expect([pieces[0].bottom, pieces[0].top]).toEqual([0, 4]);
    expect(glass).toEqual([]);
  });

  it('leave a walkable gap for a door: solid on both sides and a lintel above', () => {
    const door = opening({ kind: 'door-single', offset: 4, width: 1, height: 2.2 });
    const { pieces } = wallPieces(wall('w', [0, 0], [10, 0]), [door], level());
    const atDoor = pieces.filter((p) => Math.abs(p.center[0] - 4.5) < 1e-9);
    expect(atDoor).toHaveLength(1);
    expect(atDoor[0].bottom).toBeCloseTo(2.2);
    expect(atDoor[0].top).toBe(4);
    const lengths = pieces.filter((p) => p.bottom === 0).map((p) => p.length);
    expect(lengths[0]).toBeCloseTo(4.1);
    expect(lengths[1]).toBeCloseTo(5.1);
  });

  it('put a sill below a window, a lintel above and glass in between', () => {
    const window = opening({ kind: 'window-center', offset: 2, width: 2, height: 1.2, sill: 1 });
    const { pieces, glass } = wallPieces(wall('w', [0, 0], [0, 6]), [window], level({ elevation: 4 }));
    const atWindow = pieces.filter((p) => Math.abs(p.center[1] - 3) < 1e-9);
    expect(atWindow.map((p) => [p.bottom, p.top])).toEqual([
      [4, 5],
      [6.2, 8],
    ]);
    expect(glass).toHaveLength(1);
    expect([glass[0].bottom, glass[0].top]).toEqual([5, 6.2]);
  });

  it('cope with overlapping openings and openings of other walls', () => {
    const a = opening({ kind: 'door-single', offset: 2, width: 2, height: 2 });
    const b = opening({ kind: 'door-single', offset: 3, width: 2, height: 2 });
    const elsewhere = {
      ...opening({ kind: 'door-double', offset: 0, width: 5, height: 2 }),
      wallId: 'other',
    };
    const { pieces } = wallPieces(wall('w', [0, 0], [10, 0]), [a, b, elsewhere], level());
    const full = pieces.filter((p) => p.bottom === 0 && p.top === 4);
    expect(full.map((p) => p.length)).toEqual([expect.closeTo(2.1), expect.closeTo(5.1)]);
  });
});

describe('floors', () => {
  const space = (levels: Level[]): CustomSpace => ({ levels, materialOverrides: {} });

  it('cover the rectangle bounding the walls, thickness included', () => {
    expect(wallBounds([wall('a', [0, 0], [8, 0], 0.4), wall('b', [8, 0], [8, 6], 0.2)])).toEqual({
      minX: -0.2,
      minZ: -0.2,
      maxX: 8.2,
      maxZ: 6.1,
    });
  });

  it('borrow the level below when a level has no walls, and fall back to a square', () => {
    const rects = floorRects(
      space([level({ walls: [wall('a', [0, 0], [4, 0])] }), level({ id: 'up', elevation: 4 })]),
    );
    expect(rects.get('up')).toEqual(rects.get('ground'));
    expect(floorRects(space([level()])).get('ground')).toEqual({ minX: -5, minZ: -5, maxX: 5, maxZ: 5 });
  });

  it('get a stairwell where stairs arrive, and the ceiling below one where they leave', () => {
    const stairs = {
      id: 's',
      kind: 'straight' as const,
      turn: 'left' as const,
      position: [2, 0, 8] as [number, number, number],
      rotation: 0,
      width: 1.2,
      rise: 4,
      toLevel: 'up',
    };
    const walls = [wall('a', [0, 0], [10, 0]), wall('b', [10, 0], [10, 10])];
    const { floors, ceilings } = slabOutlines(
      space([level({ walls, stairs: [stairs] }), level({ id: 'up', elevation: 4, walls })]),
    );
    const upFloor = floors.find((f) => f.levelId === 'up')!;
    expect(upFloor.holes).toHaveLength(1);
    expect(pointInPolygon([2, 5], upFloor.holes[0])).toBe(true);
    expect(pointInPolygon([5, 5], upFloor.holes[0])).toBe(false);
    expect(floors.find((f) => f.levelId === 'ground')!.holes).toEqual([]);
    expect(ceilings.find((c) => c.levelId === 'ground')!.holes).toHaveLength(1);
    expect(ceilings.find((c) => c.levelId === 'ground')!.y).toBe(4);
  });
});

describe('stairs', () => {
  const base = {
    id: 's',
    position: [0, 0, 0] as [number, number, number],
    rotation: 0,
    width: 1,
    rise: 3.6,
    toLevel: 'up',
  };

  it('climb a straight flight of 18 cm steps towards -z at yaw 0', () => {
    const layout = stairsLayout({ ...base, kind: 'straight', turn: 'left' }, 0);
    expect(layout.stepCount).toBe(20);
    expect(layout.patches).toHaveLength(1);
    const [patch] = layout.patches;
    expect(patch.axis[0]).toBeCloseTo(0);
    expect(patch.axis[1]).toBeCloseTo(-1);
    expect([patch.y0, patch.y1]).toEqual([0, expect.closeTo(3.6)]);
    expect(Math.abs(polygonArea(layout.footprint))).toBeCloseTo(20 * 0.28 * 1);
  });

  it('turn an L to the named side after a landing half-way up', () => {
    const left = stairsLayout({ ...base, kind: 'L', turn: 'left' }, 0);
    const right = stairsLayout({ ...base, kind: 'L', turn: 'right' }, 0);
    expect(left.patches).toHaveLength(3);
    const landing = left.patches[1];
    expect(landing.y0).toBeCloseTo(1.8);
    expect(landing.y1).toBeCloseTo(1.8);
    // Second flights go -x (left of -z) and +x (right).
    expect(left.patches[2].center[0]).toBeLessThan(0);
    expect(right.patches[2].center[0]).toBeGreaterThan(0);
    expect(left.patches[2].y1).toBeCloseTo(3.6);
  });

  it('bring a U back alongside the first flight, on the named side', () => {
    const u = stairsLayout({ ...base, kind: 'U', turn: 'right', rotation: 90 }, 2);
    const [first, , second] = u.patches;
    // At yaw 90 the stairs climb towards -x; the return flight climbs towards +x.
    expect(first.axis[0]).toBeCloseTo(-1);
    expect(second.axis[0]).toBeCloseTo(1);
    expect(second.y1).toBeCloseTo(5.6);
    // Right of -x is -z.
    expect(second.center[1]).toBeLessThan(first.center[1]);
  });

  it('start from the level elevation plus the stairs own height', () => {
    const layout = stairsLayout(
      { ...base, kind: 'straight', turn: 'left', position: [0, 0.5, 0], rise: 3.1 },
      4,
    );
    expect(layout.patches[0].y0).toBeCloseTo(4.5);
    expect(layout.patches[0].y1).toBeCloseTo(7.6);
  });
});
