/**
 * Plan geometry for placing things on walls, following contracts/sceneContent.ts: walls are
 * segments on the plan [x, z] centred on their line, openings are measured from the wall's `from`
 * end, flat objects face +z in their own frame and a yaw θ turns +z towards (sin θ, cos θ).
 */

export type Plan = [number, number];

export interface PlanWall {
  id: string;
  from: Plan;
  to: Plan;
  thickness: number;
}

export interface PlanOpening {
  id: string;
  wallId: string;
  offset: number;
  width: number;
}

/** A rectangle on the plan, in wall centre-line coordinates. */
export interface Rect {
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
}

export interface Room {
  id: string;
  name: string;
  levelId: string;
  rect: Rect;
}

/** One side of a wall as seen from one room: where flat things can hang. */
export interface WallFace {
  key: string;
  roomId: string;
  levelId: string;
  wall: PlanWall;
  /** Unit vector on the plan across the wall, pointing into the room. */
  normal: Plan;
  /** The stretch of the wall this room sees, in metres from the wall's `from` end. */
  start: number;
  end: number;
}

export const round = (v: number, digits = 3) => {
  const f = 10 ** digits;
  const r = Math.round(v * f) / f;
  return r === 0 ? 0 : r; // no -0 in the JSON
};

export function wallLength(wall: PlanWall): number {
  return Math.hypot(wall.to[0] - wall.from[0], wall.to[1] - wall.from[1]);
}

export function wallDirection(wall: PlanWall): Plan {
  const length = wallLength(wall);
  return [(wall.to[0] - wall.from[0]) / length, (wall.to[1] - wall.from[1]) / length];
}

/** Distance along the wall from its `from` end to the foot of `point` on its line. */
export function alongWall(wall: PlanWall, point: Plan): number {
  const [dx, dz] = wallDirection(wall);
  return (point[0] - wall.from[0]) * dx + (point[1] - wall.from[1]) * dz;
}

/** The yaw in degrees [0, 360) that turns a flat object's front (+z) towards `normal`. */
export function yawTowards([nx, nz]: Plan): number {
  const degrees = (Math.atan2(nx, nz) * 180) / Math.PI;
  return round((degrees + 360) % 360, 3) % 360;
}

/** The yaw and pitch in degrees of a camera at `eye` looking at `target` (both [x, y, z]). */
export function lookAt(eye: number[], target: number[]): { yaw: number; pitch: number } {
  const dx = target[0] - eye[0];
  const dy = target[1] - eye[1];
  const dz = target[2] - eye[2];
  // A yaw θ looks along (-sin θ, -cos θ) on the plan.
  const yaw = (((Math.atan2(-dx, -dz) * 180) / Math.PI + 360) % 360) % 360;
  const pitch = (Math.atan2(dy, Math.hypot(dx, dz)) * 180) / Math.PI;
  return { yaw: round(yaw, 1), pitch: round(pitch, 1) };
}

/** Opening offset for an opening `width` wide centred at `centre` on the wall's line. */
export function offsetFor(wall: PlanWall, centre: Plan, width: number): number {
  return round(alongWall(wall, centre) - width / 2);
}

const onLine = (wall: PlanWall, axis: 'x' | 'z', value: number) =>
  axis === 'x'
    ? wall.from[0] === value && wall.to[0] === value
    : wall.from[1] === value && wall.to[1] === value;

/**
 * The faces every room sees: for each side of the room's rectangle, each wall lying on that side,
 * trimmed to the room's interior (the inner faces of the walls at the room's corners).
 */
export function roomFaces(room: Room, walls: PlanWall[]): WallFace[] {
  const { minX, maxX, minZ, maxZ } = room.rect;
  const halfThickness = (axis: 'x' | 'z', value: number) =>
    Math.max(0, ...walls.filter((w) => onLine(w, axis, value)).map((w) => w.thickness / 2));
  const inner = {
    minX: minX + halfThickness('x', minX),
    maxX: maxX - halfThickness('x', maxX),
    minZ: minZ + halfThickness('z', minZ),
    maxZ: maxZ - halfThickness('z', maxZ),
  };
  const sides: { side: string; axis: 'x' | 'z'; value: number; normal: Plan; range: [number, number] }[] = [
    { side: 'north', axis: 'z', value: minZ, normal: [0, 1], range: [inner.minX, inner.maxX] },
    { side: 'south', axis: 'z', value: maxZ, normal: [0, -1], range: [inner.minX, inner.maxX] },
    { side: 'west', axis: 'x', value: minX, normal: [1, 0], range: [inner.minZ, inner.maxZ] },
    { side: 'east', axis: 'x', value: maxX, normal: [-1, 0], range: [inner.minZ, inner.maxZ] },
  ];
  const faces: WallFace[] = [];
  for (const { side, axis, value, normal, range } of sides) {
    for (const wall of walls.filter((w) => onLine(w, axis, value))) {
      // The wall's extent along the side, in plan coordinates, clipped to the room's interior.
      const along = axis === 'z' ? 0 : 1;
      const a = Math.max(Math.min(wall.from[along], wall.to[along]), range[0]);
      const b = Math.min(Math.max(wall.from[along], wall.to[along]), range[1]);
      if (b - a < 0.5) continue;
      const point = (t: number): Plan => (axis === 'z' ? [t, value] : [value, t]);
      const s0 = alongWall(wall, point(a));
      const s1 = alongWall(wall, point(b));
      faces.push({
        key: `${room.id}:${side}:${wall.id}`,
        roomId: room.id,
        levelId: room.levelId,
        wall,
        normal,
        start: Math.min(s0, s1),
        end: Math.max(s0, s1),
      });
    }
  }
  return faces;
}

/** Where a flat object centred `s` metres along a face hangs: just in front of the wall, facing the room. */
export function mountOnFace(
  face: WallFace,
  s: number,
  y: number,
  standOff = 0.02,
): { position: [number, number, number]; rotation: [number, number, number] } {
  const [dx, dz] = wallDirection(face.wall);
  const out = face.wall.thickness / 2 + standOff;
  return {
    position: [
      round(face.wall.from[0] + dx * s + face.normal[0] * out),
      round(y),
      round(face.wall.from[1] + dz * s + face.normal[1] * out),
    ],
    rotation: [0, yawTowards(face.normal), 0],
  };
}
