import type { CustomSpace } from '../../../../contracts/sceneContent';
import type { FloorSurface, Obstacle } from '../viewer/walking';
import { levelsBottomUp, slabOutlines, spacePieces } from '../../../../geometry/plan';
import { stairsLayout, type WalkPatch } from '../../../../geometry/stairs';

/** Thickness given to window panes for walking into them. */
export const paneThickness = 0.04;

/** What a custom space is to a walking visitor: solid boxes, floors, stair patches, the ground. */
export interface WalkData {
  obstacles: Obstacle[];
  floors: FloorSurface[];
  patches: WalkPatch[];
  groundY: number;
}

export function walkDataOf(space: CustomSpace): WalkData {
  const { pieces, glass } = spacePieces(space);
  const obstacles: Obstacle[] = [
    ...pieces.map((p) => ({
      center: p.center,
      halfLength: p.length / 2,
      halfWidth: p.thickness / 2,
      angle: p.angle,
      bottom: p.bottom,
      top: p.top,
    })),
    ...glass.map((g) => ({
      center: g.center,
      halfLength: g.length / 2,
      halfWidth: paneThickness / 2,
      angle: g.angle,
      bottom: g.bottom,
      top: g.top,
    })),
  ];
  const floors = slabOutlines(space).floors.map((f) => ({ rect: f.rect, holes: f.holes, y: f.y }));
  const patches = space.levels.flatMap((level) =>
    level.stairs.flatMap((stairs) => stairsLayout(stairs, level.elevation).patches),
  );
  const ordered = levelsBottomUp(space);
  return { obstacles, floors, patches, groundY: ordered.length ? ordered[0].elevation : 0 };
}
