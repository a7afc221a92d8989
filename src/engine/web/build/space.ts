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
} from './plan';
import { stairsLayout } from './stairs';
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

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

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

export function buildSpace(space: CustomSpace, materials: MaterialLibrary): BuiltSpace {
  const group = new Group();
  group.name = 'space';
  const solid: Mesh[] = [];
  const walkable: Mesh[] = [];
  const add = (
    geometry: BufferGeometry | null,
    materialId: string | undefined,
    fallback: string,
    name: string,
  ) => {
    if (!geometry) return null;
    const mesh = new Mesh(geometry, materials.get(materialId, fallback));
    mesh.name = name;
    mesh.castShadow = fallback !== 'glass';
    mesh.receiveShadow = true;
    mesh.matrixAutoUpdate = false;
    group.add(mesh);
    return mesh;
  };

  // Walls, grouped by material so each material is one draw call.
  const { pieces, glass } = spacePieces(space);
  const byMaterial = new Map<string, BufferGeometry[]>();
  for (const piece of pieces) {
    const key = piece.materialId ?? 'wall';
    const geometry = place(
      metreBox(piece.length, piece.top - piece.bottom, piece.thickness, 0, piece.bottom),
      piece.center[0],
      (piece.bottom + piece.top) / 2,
      piece.center[1],
      -piece.angle,
    );
    byMaterial.set(key, [...(byMaterial.get(key) ?? []), geometry]);
  }
  for (const [materialId, parts] of byMaterial) {
    const mesh = add(merge(parts), materialId, 'wall', `walls:${materialId}`);
    if (mesh) solid.push(mesh);
  }
  add(
    merge(
      glass.map((pane) =>
        place(
          metreBox(pane.length, pane.top - pane.bottom, glassThickness),
          pane.center[0],
          (pane.bottom + pane.top) / 2,
          pane.center[1],
          -pane.angle,
        ),
      ),
    ),
    'glass',
    'glass',
    'glass',
  );

  // Floors and ceilings, with stairwells.
  const { floors, ceilings } = slabOutlines(space);
  for (const [materialId, slabs] of groupBy(floors, (f) => f.materialId ?? 'floor')) {
    const mesh = add(merge(slabs.map(floorGeometry)), materialId, 'floor', `floors:${materialId}`);
    if (mesh) {
      walkable.push(mesh);
      solid.push(mesh);
    }
  }
  for (const [materialId, slabs] of groupBy(ceilings, (c) => c.materialId ?? 'ceiling')) {
    const mesh = add(merge(slabs.map(ceilingGeometry)), materialId, 'ceiling', `ceilings:${materialId}`);
    if (mesh) solid.push(mesh);
  }

  // Stairs.
  const steps: BufferGeometry[] = [];
  for (const level of space.levels) {
    for (const stairs of level.stairs) {
      const layout = stairsLayout(stairs, level.elevation);
      for (const step of layout.steps) {
        steps.push(place(metreBox(...step.size), ...step.center, step.yaw));
      }
    }
  }
  const stairsMesh = add(merge(steps), 'stairs', 'stairs', 'stairs');
  if (stairsMesh) {
    walkable.push(stairsMesh);
    solid.push(stairsMesh);
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
