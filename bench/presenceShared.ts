// What bench/presence.ts and its load processes (bench/presenceLoad.ts) share.

export interface LoadServer {
  base: string;
  sceneId: string;
}

export type LoadCommand =
  /** Connect visitors `indices` (of `count`), each to `servers[index % servers.length]`. */
  | { type: 'connect'; servers: LoadServer[]; tokens: string[]; indices: number[]; count: number }
  | { type: 'walk' }
  /** Start measuring; `track` also collects the pose ids each visitor receives. */
  | { type: 'start'; track: boolean }
  | { type: 'finish' }
  | { type: 'stop' };

export interface LoadFigures {
  type: 'finished';
  /** Delivery times by millisecond (the last bucket holds everything slower). */
  histogram: number[];
  bytes: number;
  batches: number;
  poses: number;
  dropped: number;
  /** CPU seconds this process used while measuring. */
  cpuSeconds: number;
  /** For each of this process's visitors (global index), the pose ids it received. */
  seen: [number, number[]][];
}

/** Visitors stand on a grid this many metres apart and walk small circles. */
export const spacing = 2;

/** Where visitor `i` of `count` stands (its circle's centre): a square grid `spacing` apart. */
export function homeOf(i: number, count: number): [number, number] {
  const side = Math.ceil(Math.sqrt(count));
  return [(i % side) * spacing, Math.floor(i / side) * spacing];
}
