import type { Opening, Stairs } from '../../contracts/sceneContent';
import { type Plan, type PlanWall, type Rect, type Room, offsetFor } from './walls';

/**
 * The demo museum's building: a 28 × 18 m ground floor (x -14…14, z -9…9; north is -z) split
 * into a main hall (west half), an east gallery (north-east) and a garden room (south-east), and
 * an upper gallery over the main hall reached by a straight flight of stairs along the hall's west
 * wall. The entrance is a double door in the middle of the hall's south wall.
 */

export interface LevelPlan {
  id: string;
  name: string;
  elevation: number;
  height: number;
  walls: PlanWall[];
  openings: Opening[];
  stairs: Stairs[];
}

const outer = 0.3;
const inner = 0.2;
const levelHeight = 4;

const wall = (id: string, from: Plan, to: Plan, thickness: number): PlanWall => ({ id, from, to, thickness });

function opening(
  id: string,
  on: PlanWall,
  kind: Opening['kind'],
  centre: Plan,
  size: { width: number; height: number; sill: number },
): Opening {
  return { id, wallId: on.id, kind, offset: offsetFor(on, centre, size.width), ...size };
}

const doorSingle = { width: 1.0, height: 2.2, sill: 0 };
const doorDouble = { width: 1.8, height: 2.4, sill: 0 };

// Ground level ---------------------------------------------------------------------------------

const gNorth = wall('wall-g-north', [-14, -9], [14, -9], outer);
const gEast = wall('wall-g-east', [14, -9], [14, 9], outer);
const gSouth = wall('wall-g-south', [14, 9], [-14, 9], outer);
const gWest = wall('wall-g-west', [-14, 9], [-14, -9], outer);
/** Between the main hall and the east gallery. */
const gHallEast = wall('wall-g-hall-east', [0, -9], [0, 0], inner);
/** Between the main hall and the garden room; end-to-end tests walk through its door. */
const doorTestWall = wall('wall-door-test', [0, 0], [0, 9], inner);
/** Between the east gallery and the garden room. */
const gGardenNorth = wall('wall-g-garden-north', [0, 0], [14, 0], inner);

/** Where the entrance door is: the middle of the main hall's south wall. */
export const entrance: Plan = [-7, 9];
/** The door end-to-end tests walk through, and the clear floor kept on both sides of it. */
export const doorTest = {
  id: 'door-test',
  wallId: doorTestWall.id,
  centre: [0, 4.5] as Plan,
  clearDepth: 2.5,
};

const stairsWidth = 1.4;
export const stairsRun = 22 * 0.28; // round(4 / 0.18) = 22 steps of 0.28 m: 6.16 m

/** Straight stairs against the hall's west wall, climbing north from z = 4. */
export const mainStairs: Stairs = {
  id: 'stairs-main',
  kind: 'straight',
  turn: 'left',
  position: [-14 + outer / 2 + 0.05 + stairsWidth / 2, 0, 4],
  rotation: 0,
  width: stairsWidth,
  rise: levelHeight,
  toLevel: 'upper',
};

/** The stairs' footprint on the plan (a straight flight, yaw 0: it runs towards -z). */
export const stairsFootprint: Rect = {
  minX: mainStairs.position[0] - stairsWidth / 2,
  maxX: mainStairs.position[0] + stairsWidth / 2,
  minZ: mainStairs.position[2] - stairsRun,
  maxZ: mainStairs.position[2],
};

export const ground: LevelPlan = {
  id: 'ground',
  name: 'Ground Level',
  elevation: 0,
  height: levelHeight,
  walls: [gNorth, gEast, gSouth, gWest, gHallEast, doorTestWall, gGardenNorth],
  openings: [
    opening('door-entrance', gSouth, 'door-double', entrance, doorDouble),
    opening('door-east-gallery', gHallEast, 'door-double', [0, -4.5], doorDouble),
    opening(doorTest.id, doorTestWall, 'door-single', doorTest.centre, doorSingle),
    opening('door-garden', gGardenNorth, 'door-single', [7, 0], doorSingle),
    opening('window-east-gallery', gNorth, 'window-panoramic', [7, -9], { width: 4, height: 2.2, sill: 0.9 }),
    opening('window-east-1', gEast, 'window-single', [14, -4.5], { width: 1.2, height: 1.6, sill: 0.9 }),
    opening('window-east-2', gEast, 'window-single', [14, 4.5], { width: 1.2, height: 1.6, sill: 0.9 }),
    opening('window-garden', gSouth, 'window-center', [7, 9], { width: 2, height: 1.4, sill: 1.1 }),
    opening('window-hall-top', gWest, 'window-top', [-14, -6], { width: 3, height: 0.9, sill: 2.6 }),
  ],
  stairs: [mainStairs],
};

// Upper level ----------------------------------------------------------------------------------

const uNorth = wall('wall-u-north', [-14, -9], [0, -9], outer);
const uEast = wall('wall-u-east', [0, -9], [0, 9], outer);
const uSouth = wall('wall-u-south', [0, 9], [-14, 9], outer);
const uWest = wall('wall-u-west', [-14, 9], [-14, -9], outer);

export const upper: LevelPlan = {
  id: 'upper',
  name: 'Upper Gallery',
  elevation: levelHeight,
  height: levelHeight,
  walls: [uNorth, uEast, uSouth, uWest],
  openings: [
    opening('window-upper-south', uSouth, 'window-panoramic', [-7, 9], { width: 5, height: 2, sill: 0.9 }),
    opening('window-upper-west', uWest, 'window-single', [-14, 6], { width: 1.2, height: 1.6, sill: 0.9 }),
    opening('window-upper-north', uNorth, 'window-top', [-3, -9], { width: 2.4, height: 0.9, sill: 2.6 }),
  ],
  stairs: [],
};

export const rooms: Room[] = [
  { id: 'hall', name: 'Main Hall', levelId: 'ground', rect: { minX: -14, maxX: 0, minZ: -9, maxZ: 9 } },
  { id: 'east', name: 'East Gallery', levelId: 'ground', rect: { minX: 0, maxX: 14, minZ: -9, maxZ: 0 } },
  { id: 'garden', name: 'Garden Room', levelId: 'ground', rect: { minX: 0, maxX: 14, minZ: 0, maxZ: 9 } },
  { id: 'upper', name: 'Upper Gallery', levelId: 'upper', rect: { minX: -14, maxX: 0, minZ: -9, maxZ: 9 } },
];

export const levels = [ground, upper];
