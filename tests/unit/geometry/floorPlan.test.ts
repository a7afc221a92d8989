import { describe, expect, it } from 'vitest';
import { SceneContent, type SceneContentInput } from '../../../contracts/sceneContent';
import {
  distanceToPolygon,
  eyeAt,
  floorPlanOf,
  forwardOf,
  levelOfPose,
  walkableSpot,
} from '../../../geometry/floorPlan';
import { spacePieces } from '../../../geometry/plan';
import { templateSpace } from '../../../geometry/templates';

const doc = (over: Partial<SceneContentInput>) => SceneContent.parse({ version: 2, ...over });
const picture = (id: string, position: [number, number, number], yaw: number, title?: string) => ({
  id,
  fileUri: `/p/${id}.jpg`,
  title,
  width: 1,
  height: 1,
  transform: { position, rotation: [0, yaw, 0] as [number, number, number] },
});

// White cube S: 12 × 9 m centred on the origin, entrance door on the south wall.
const cube = { family: 'white-cube', size: 'S', kind: 'Standard' } as const;

describe('floorPlanOf', () => {
  it('draws a template with the walls the engine builds for it, the entrance as a door', () => {
    const plan = floorPlanOf(doc({ spaceTemplate: cube }));
    expect(plan.levels).toHaveLength(1);
    const level = plan.levels[0];
    const built = spacePieces(templateSpace(cube)).pieces.filter((p) => p.bottom === 0);
    expect(level.walls).toHaveLength(built.length);
    expect(new Set(level.walls.map((w) => w.id))).toEqual(new Set(built.map((p) => p.wallId)));
    expect(level.doors).toHaveLength(1);
    const door = level.doors[0];
    expect(door.from[1]).toBeCloseTo(4.5);
    expect(Math.abs(door.to[0] - door.from[0])).toBeCloseTo(1.8);
    // The view box holds the 12 × 9 m room.
    expect(plan.bounds.minX).toBeLessThan(-6);
    expect(plan.bounds.maxZ).toBeGreaterThan(4.5);
  });

  it('puts the visitor 2 m in front of a picture, facing it', () => {
    // On the north wall (z = -4.5), facing south (yaw 0: its front is +z).
    const plan = floorPlanOf(
      doc({ spaceTemplate: cube, pictures: [picture('p1', [1, 1.6, -4.3], 0, 'Dawn')] }),
    );
    const art = plan.levels[0].artworks[0];
    expect(art).toMatchObject({ id: 'p1', kind: 'picture', title: 'Dawn' });
    expect(art.stand[0]).toBeCloseTo(1);
    expect(art.stand[1]).toBeCloseTo(-2.3);
    expect(art.standYaw).toBeCloseTo(0);
    const f = forwardOf(art.standYaw);
    expect(f[1]).toBeCloseTo(-1); // looks north, at the picture
  });

  it('stands clear of walls when the front of an artwork is blocked', () => {
    // A picture on the west wall facing into the wall (a wrong yaw): the stand point must still be inside.
    const plan = floorPlanOf(doc({ spaceTemplate: cube, pictures: [picture('p', [-5.8, 1.6, 0], -90)] }));
    const { stand } = plan.levels[0].artworks[0];
    expect(stand[0]).toBeGreaterThan(-5.85 + 0.4);
    for (const w of plan.levels[0].walls)
      expect(distanceToPolygon(stand, w.corners)).toBeGreaterThanOrEqual(0.45);
  });

  it('splits a two-level template into levels with stairs, artworks on the level they hang on', () => {
    const plan = floorPlanOf(
      doc({
        spaceTemplate: { family: 'atrium', size: 'M', kind: 'Standard' },
        pictures: [picture('low', [0, 1.5, -5.8], 0, 'Low'), picture('high', [0, 5.5, -5.8], 0, 'High')],
      }),
    );
    expect(plan.levels.map((l) => l.id)).toEqual(['ground', 'upper']);
    expect(plan.levels[0].stairs).toHaveLength(1);
    expect(plan.levels[0].artworks.map((a) => a.id)).toEqual(['low']);
    expect(plan.levels[1].artworks.map((a) => a.id)).toEqual(['high']);
    expect(eyeAt(plan.levels[1], [0, 0])[1]).toBeCloseTo(4 + 1.6);
    expect(levelOfPose(plan, null, 5.6)).toBe('upper');
    expect(levelOfPose(plan, 'ground', 5.6)).toBe('ground');
  });

  it('lists artworks of every kind in reading order, north to south', () => {
    const plan = floorPlanOf(
      doc({
        spaceTemplate: cube,
        pictures: [picture('south', [0, 1.6, 3], 180, 'S')],
        infoPoints: [
          {
            id: 'info',
            title: 'About',
            text: 'x',
            transform: { position: [0, 1, -3], rotation: [0, 0, 0], scale: [1, 1, 1] },
          },
        ],
      }),
    );
    expect(plan.levels[0].artworks.map((a) => [a.id, a.kind])).toEqual([
      ['info', 'infoPoint'],
      ['south', 'picture'],
    ]);
  });

  it('gives a document without a space one open level', () => {
    const plan = floorPlanOf(doc({ pictures: [picture('p', [0, 1.6, 0], 0)] }));
    expect(plan.levels).toHaveLength(1);
    expect(plan.levels[0].walls).toEqual([]);
    expect(plan.levels[0].artworks[0].title).toBe('');
  });
});

describe('walkableSpot', () => {
  const plan = floorPlanOf(doc({ spaceTemplate: cube }));
  it('keeps a clear spot and moves a spot on a wall off it', () => {
    expect(walkableSpot(plan, 'ground', [0, 0])).toEqual([0, 0]);
    const moved = walkableSpot(plan, 'ground', [0, -4.5]);
    for (const w of plan.levels[0].walls)
      expect(distanceToPolygon(moved, w.corners)).toBeGreaterThanOrEqual(0.45);
  });
});
