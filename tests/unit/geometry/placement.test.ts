import { describe, expect, it } from 'vitest';
import type { Level, Opening, Wall } from '../../../contracts/sceneContent';
import { floorRects } from '../../../geometry/plan';
import {
  type CameraView,
  eyeHeight,
  facesInView,
  type FlatItem,
  floorSpacing,
  hangOnWall,
  pictureSpacing,
  standOnFloor,
  wallFaces,
  wallGap,
} from '../../../geometry/placement';

// A 10 m × 8 m room: x from 0 to 10, z from 0 to 8, walls 0.2 m thick on those lines.
const wall = (id: string, from: [number, number], to: [number, number]): Wall => ({
  id,
  from,
  to,
  thickness: 0.2,
});
const room = (over: Partial<Level> = {}): Level => ({
  id: 'ground',
  name: 'Ground Level',
  elevation: 0,
  height: 4,
  walls: [
    wall('north', [0, 0], [10, 0]),
    wall('east', [10, 0], [10, 8]),
    wall('south', [10, 8], [0, 8]),
    wall('west', [0, 8], [0, 0]),
  ],
  openings: [],
  stairs: [],
  ...over,
});
const facesOf = (level: Level) =>
  wallFaces(level, floorRects({ levels: [level], materialOverrides: {} }).get(level.id)!);

/** Standing in the middle of the room at eye height, looking along the floor towards yaw's way. */
const lookingTo = (direction: [number, number], position: [number, number] = [5, 4]): CameraView => ({
  position: [position[0], 1.6, position[1]],
  direction: [direction[0], -0.1, direction[1]],
});
const picture = { width: 1.2, height: 0.9 };
const hung = (p: { position: [number, number, number]; yaw: number }): FlatItem => ({ ...p, ...picture });

describe('wall faces', () => {
  it('are the inner sides of the outer walls only', () => {
    const faces = facesOf(room());
    expect(faces).toHaveLength(4);
    const north = faces.find((f) => f.wallId === 'north')!;
    expect(north.normal[0]).toBeCloseTo(0);
    expect(north.normal[1]).toBeCloseTo(1); // into the room (+z)
    expect(north.start[1]).toBeCloseTo(0.1); // the wall's surface, half its thickness in
  });

  it('put the wall the camera faces first, then the others it can see', () => {
    const faces = facesOf(room());
    const ids = (camera: CameraView) => facesInView(faces, camera).map((f) => f.wallId);
    expect(ids(lookingTo([0, -1]))[0]).toBe('north');
    expect(ids(lookingTo([1, 0]))[0]).toBe('east');
    expect(ids(lookingTo([0.3, 1]))[0]).toBe('south');
    // Looking at the north-east corner, more to the east: east first, then north; never the walls behind.
    expect(ids(lookingTo([1, -0.6]))).toEqual(['east', 'north']);
  });
});

describe('hanging a picture', () => {
  it('hangs it flush on the wall the camera faces, centred at eye height where the camera looks', () => {
    const placed = hangOnWall(facesOf(room()), lookingTo([0, -1], [4, 5]), picture, [])!;
    expect(placed.position[0]).toBeCloseTo(4);
    expect(placed.position[1]).toBeCloseTo(eyeHeight);
    expect(placed.position[2]).toBeCloseTo(0.1 + wallGap); // on the north wall's surface
    expect(placed.yaw).toBe(0); // facing into the room (+z)
  });

  it('faces into the room on every wall', () => {
    const east = hangOnWall(facesOf(room()), lookingTo([1, 0]), picture, [])!;
    expect(east.position[0]).toBeCloseTo(9.9 - wallGap);
    expect(east.yaw).toBe(270);
    const south = hangOnWall(facesOf(room()), lookingTo([0, 1]), picture, [])!;
    expect(south.position[2]).toBeCloseTo(7.9 - wallGap);
    expect(south.yaw).toBe(180);
  });

  it('stands on the level it is on: eye height above that floor', () => {
    const upstairs = room({ elevation: 4 });
    const camera: CameraView = { position: [5, 5.6, 4], direction: [0, 0, -1] };
    expect(hangOnWall(facesOf(upstairs), camera, picture, [])!.position[1]).toBeCloseTo(4 + eyeHeight);
  });

  it('slides a second picture along the wall to the nearest free place, not over the first', () => {
    const faces = facesOf(room());
    const camera = lookingTo([0, -1], [4, 5]);
    const first = hangOnWall(faces, camera, picture, [])!;
    const second = hangOnWall(faces, camera, picture, [hung(first)])!;
    expect(second.position[2]).toBeCloseTo(first.position[2]);
    expect(second.position[1]).toBeCloseTo(eyeHeight);
    expect(Math.abs(second.position[0] - first.position[0])).toBeCloseTo(picture.width + pictureSpacing);
    const third = hangOnWall(faces, camera, picture, [hung(first), hung(second)])!;
    for (const other of [first, second])
      expect(Math.abs(third.position[0] - other.position[0])).toBeGreaterThanOrEqual(
        picture.width + pictureSpacing - 1e-6,
      );
  });

  it('keeps clear of doors and windows in the wall', () => {
    const door: Opening = {
      id: 'door',
      wallId: 'north',
      kind: 'door-single',
      offset: 3.5,
      width: 1,
      height: 2.2,
      sill: 0,
    };
    const placed = hangOnWall(facesOf(room({ openings: [door] })), lookingTo([0, -1], [4, 5]), picture, [])!;
    const [left, right] = [placed.position[0] - picture.width / 2, placed.position[0] + picture.width / 2];
    expect(right <= 3.5 - pictureSpacing + 1e-6 || left >= 4.5 + pictureSpacing - 1e-6).toBe(true);
  });

  it('goes to the next wall the camera can see when the facing wall is full', () => {
    // A short north wall (2 m) between two long ones: room for one picture only.
    const narrow: Level = room({
      walls: [
        wall('north', [0, 0], [2, 0]),
        wall('east', [2, 0], [2, 8]),
        wall('south', [2, 8], [0, 8]),
        wall('west', [0, 8], [0, 0]),
      ],
    });
    const faces = facesOf(narrow);
    const camera = lookingTo([0.2, -1], [1, 6]);
    const first = hangOnWall(faces, camera, picture, [])!;
    expect(first.position[2]).toBeCloseTo(0.1 + wallGap);
    const second = hangOnWall(faces, camera, picture, [hung(first)])!;
    expect(second.position[0]).toBeCloseTo(1.9 - wallGap); // the east wall, seen to the right
    expect(second.yaw).toBe(270);
  });

  it('finds no place when no wall in view has room', () => {
    expect(hangOnWall([], lookingTo([0, -1]), picture, [])).toBeNull();
  });
});

describe('standing on the floor', () => {
  const floor = { y: 0, rect: { minX: -0.1, minZ: -0.1, maxX: 10.1, maxZ: 8.1 }, walls: room().walls };

  it('stands in front of the camera, facing it', () => {
    const camera = lookingTo([0, -1], [5, 6]);
    const placed = standOnFloor(camera, floor, 0.5, []);
    expect(placed.position[1]).toBe(0);
    expect(placed.position[2]).toBeLessThan(6); // ahead (the camera looks towards -z)
    expect(Math.abs(placed.position[0] - 5)).toBeLessThan(0.01);
    expect(placed.yaw).toBe(0); // facing +z, back at the camera
  });

  it('stands where the view meets the floor when the camera looks down at it', () => {
    const camera: CameraView = { position: [5, 6, 10], direction: [0, -6, -6] };
    const placed = standOnFloor(camera, floor, 0.5, []);
    expect(placed.position[0]).toBeCloseTo(5);
    expect(placed.position[2]).toBeCloseTo(4);
  });

  it('keeps clear of what already stands there, and each new thing of the last', () => {
    const camera = lookingTo([0, -1], [5, 6]);
    const standing = [] as { center: [number, number]; radius: number }[];
    for (let i = 0; i < 6; i++) {
      const placed = standOnFloor(camera, floor, 0.5, standing);
      for (const other of standing)
        expect(
          Math.hypot(placed.position[0] - other.center[0], placed.position[2] - other.center[1]),
        ).toBeGreaterThanOrEqual(1 + floorSpacing - 1e-6);
      standing.push({ center: [placed.position[0], placed.position[2]], radius: 0.5 });
    }
  });

  it('keeps clear of everything on a crowded floor, small and large alike', () => {
    const camera = lookingTo([0, -1], [5, 6]);
    // A floor with many small things (so they are looked up by area) and one large one.
    const standing = [{ center: [2, 2] as [number, number], radius: 1.5 }];
    for (let i = 0; i < 40; i++) {
      const placed = standOnFloor(camera, floor, 0.3, standing);
      for (const other of standing)
        expect(
          Math.hypot(placed.position[0] - other.center[0], placed.position[2] - other.center[1]),
        ).toBeGreaterThanOrEqual(0.3 + other.radius + floorSpacing - 1e-6);
      standing.push({ center: [placed.position[0], placed.position[2]], radius: 0.3 });
    }
  });

  it('keeps clear of the widest of things piled on one spot', () => {
    const camera = lookingTo([0, -1], [5, 6]);
    // A full floor's additions pile up in front of the camera: hundreds of the same footprint,
    // and a wide one among them.
    const pile = Array.from({ length: 300 }, (_, i) => ({
      center: [5, 4] as [number, number],
      radius: i === 150 ? 1.5 : 0.3,
    }));
    const placed = standOnFloor(camera, floor, 0.3, pile);
    expect(Math.hypot(placed.position[0] - 5, placed.position[2] - 4)).toBeGreaterThanOrEqual(
      0.3 + 1.5 + floorSpacing - 1e-6,
    );
    expect(placed).toEqual(standOnFloor(camera, floor, 0.3, [{ center: [5, 4], radius: 1.5 }]));
  });

  it('stays inside the room and off the walls', () => {
    const camera = lookingTo([0, -1], [5, 1]); // a metre from the north wall, looking at it
    const placed = standOnFloor(camera, floor, 0.5, []);
    expect(placed.position[2]).toBeGreaterThanOrEqual(0.1 + 0.5);
  });
});
