import {
  type BufferGeometry,
  ExtrudeGeometry,
  Group,
  Mesh,
  Path,
  PlaneGeometry,
  Shape,
  ShapeGeometry,
} from 'three';
import type { CustomSpace } from '../../../../contracts/sceneContent';
import { merge, metreBox, place } from './geometry';
import type { MaterialLibrary } from './materials';
import {
  floorThickness,
  levelsBottomUp,
  type SlabOutline,
  slabOutlines,
  spacePieces,
  type Vec2,
} from '../../../../geometry/plan';
import { stairsLayout } from '../../../../geometry/stairs';
import { type WalkData, walkDataOf } from './walkData';

/** What the scene builder gets back from a custom space. */
export interface BuiltSpace extends WalkData {
  group: Group;
  /** Surfaces a click can walk to (floors, stairs, the ground). */
  walkable: Mesh[];
  /** Everything that hides what is behind it (for clicks and web view occlusion). */
  solid: Mesh[];
  /** Which level a visitor with feet at this height stands on. */
  levelAt(feet: number): string | null;
}

const glassThickness = 0.02;

function slabShape(slab: SlabOutline, flipZ: boolean): Shape {
  const s = flipZ ? -1 : 1;
  const { rect } = slab;
  const shape = new Shape();
  shape.moveTo(rect.minX, s * rect.minZ);
  shape.lineTo(rect.maxX, s * rect.minZ);
  shape.lineTo(rect.maxX, s * rect.maxZ);
  shape.lineTo(rect.minX, s * rect.maxZ);
  shape.closePath();
  for (const hole of slab.holes) {
    const path = new Path();
    hole.forEach(([x, z]: Vec2, i) => (i === 0 ? path.moveTo(x, s * z) : path.lineTo(x, s * z)));
    path.closePath();
    shape.holes.push(path);
  }
  return shape;
}

/** A floor slab: its top is the walking surface at `slab.y`. */
function floorGeometry(slab: SlabOutline): BufferGeometry {
  const geometry = new ExtrudeGeometry(slabShape(slab, true), { depth: floorThickness, bevelEnabled: false });
  geometry.rotateX(-Math.PI / 2);
  geometry.translate(0, slab.y - floorThickness, 0);
  return geometry;
}

/** A ceiling seen from below, at `slab.y`. */
function ceilingGeometry(slab: SlabOutline): BufferGeometry {
  const geometry = new ShapeGeometry(slabShape(slab, false));
  geometry.rotateX(Math.PI / 2);
  geometry.translate(0, slab.y, 0);
  return geometry;
}

/** What a mesh of the space is, for the editor's tools (set when built per element). */
export type SurfaceInfo =
  | { surface: 'wall'; wallId: string; levelId: string }
  | { surface: 'floor' | 'ceiling'; levelId: string }
  | { surface: 'stairs'; stairsId: string; levelId: string }
  | { surface: 'glass' };

/**
 * Meshes of a custom space. For visitors (`grouping: 'material'`) everything with the same
 * material is one mesh, one draw call; the editor (`'element'`) gets a mesh per wall, floor,
 * ceiling and stairs, each telling what it is in `userData.surface`, so tools can pick them.
 */
export function buildSpace(
  space: CustomSpace,
  materials: MaterialLibrary,
  grouping: 'material' | 'element' = 'material',
): BuiltSpace {
  const group = new Group();
  group.name = 'space';
  const solid: Mesh[] = [];
  const walkable: Mesh[] = [];
  const byElement = grouping === 'element';
  const parts = new Map<
    string,
    { geometries: BufferGeometry[]; materialId: string; fallback: string; info: SurfaceInfo }
  >();
  const collect = (
    key: string,
    geometry: BufferGeometry,
    materialId: string,
    fallback: string,
    info: SurfaceInfo,
  ) => {
    const entry = parts.get(key) ?? { geometries: [], materialId, fallback, info };
    entry.geometries.push(geometry);
    parts.set(key, entry);
  };

  const { pieces, glass } = spacePieces(space);
  for (const piece of pieces) {
    const materialId = piece.materialId ?? 'wall';
    const geometry = place(
      metreBox(piece.length, piece.top - piece.bottom, piece.thickness, 0, piece.bottom),
      piece.center[0],
      (piece.bottom + piece.top) / 2,
      piece.center[1],
      -piece.angle,
    );
    const info: SurfaceInfo = { surface: 'wall', wallId: piece.wallId, levelId: piece.levelId };
    collect(byElement ? `wall|${piece.wallId}` : `wall|${materialId}`, geometry, materialId, 'wall', info);
  }
  for (const pane of glass) {
    const geometry = place(
      metreBox(pane.length, pane.top - pane.bottom, glassThickness),
      pane.center[0],
      (pane.bottom + pane.top) / 2,
      pane.center[1],
      -pane.angle,
    );
    collect('glass', geometry, 'glass', 'glass', { surface: 'glass' });
  }
  const { floors, ceilings } = slabOutlines(space);
  for (const slab of floors) {
    const materialId = slab.materialId ?? 'floor';
    const info: SurfaceInfo = { surface: 'floor', levelId: slab.levelId };
    collect(
      byElement ? `floor|${slab.levelId}` : `floor|${materialId}`,
      floorGeometry(slab),
      materialId,
      'floor',
      info,
    );
  }
  for (const slab of ceilings) {
    const materialId = slab.materialId ?? 'ceiling';
    const info: SurfaceInfo = { surface: 'ceiling', levelId: slab.levelId };
    collect(
      byElement ? `ceiling|${slab.levelId}` : `ceiling|${materialId}`,
      ceilingGeometry(slab),
      materialId,
      'ceiling',
      info,
    );
  }
  for (const level of space.levels) {
    for (const stairs of level.stairs) {
      const info: SurfaceInfo = { surface: 'stairs', stairsId: stairs.id, levelId: level.id };
      for (const step of stairsLayout(stairs, level.elevation).steps) {
        collect(
          byElement ? `stairs|${stairs.id}` : 'stairs',
          place(metreBox(...step.size), ...step.center, step.yaw),
          'stairs',
          'stairs',
          info,
        );
      }
    }
  }

  for (const [key, { geometries, materialId, fallback, info }] of parts) {
    const geometry = merge(geometries);
    if (!geometry) continue;
    const mesh = new Mesh(geometry, materials.get(materialId, fallback));
    mesh.name = key;
    mesh.castShadow = fallback !== 'glass';
    mesh.receiveShadow = true;
    mesh.matrixAutoUpdate = false;
    if (byElement) mesh.userData.surface = info;
    group.add(mesh);
    if (fallback === 'floor' || fallback === 'stairs') walkable.push(mesh);
    if (fallback !== 'glass') solid.push(mesh);
  }

  const ordered = levelsBottomUp(space);
  return {
    ...walkDataOf(space),
    group,
    walkable,
    solid,
    levelAt(feet: number) {
      let found: string | null = null;
      for (const level of ordered) if (level.elevation <= feet + 0.5) found = level.id;
      return found;
    },
  };
}

/** The ground around the building: a large plane, textured like terrain. */
export function buildGround(materials: MaterialLibrary, y: number, size = 400): Mesh {
  const geometry = new PlaneGeometry(size, size);
  geometry.rotateX(-Math.PI / 2);
  const uv = geometry.getAttribute('uv');
  for (let i = 0; i < uv.count; i++) uv.setXY(i, uv.getX(i) * size, uv.getY(i) * size);
  geometry.translate(0, y - 0.01, 0);
  const mesh = new Mesh(geometry, materials.get('terrain', 'terrain'));
  mesh.name = 'ground';
  mesh.receiveShadow = true;
  mesh.matrixAutoUpdate = false;
  return mesh;
}
