/** A point or direction on the floor plan: [x, z] in metres. */
export type Vec2 = [number, number];
