import {
  BufferAttribute,
  type BufferGeometry,
  Color,
  ConeGeometry,
  CylinderGeometry,
  Euler,
  IcosahedronGeometry,
  type Matrix4,
  Quaternion,
  TorusGeometry,
  Vector3,
} from 'three';
import type { PlacedProp } from '../../../../contracts/sceneContent';
import type { Obstacle } from '../viewer/walking';
import { merge, metreBox } from './geometry';
import { transformMatrix } from './pictures';
import type { StaticBatch } from './staticBatch';

/**
 * The built-in props library: furniture and fittings made from simple shapes, coloured per vertex
 * so that all placed props bake into the static batch. Footprints (in the prop's own frame) make
 * props solid to walk into.
 */

export interface PropDefinition {
  propId: string;
  title: string;
  /** Width (x), height (y) and depth (z) of the prop's footprint box, in metres. */
  size: [number, number, number];
  build(): BufferGeometry;
}

type Part = [BufferGeometry, string];

function colored(parts: Part[]): BufferGeometry {
  const color = new Color();
  const ready = parts.map(([g, c]) => {
    color.set(c);
    const geometry = g.index ? g.toNonIndexed() : g;
    const count = geometry.getAttribute('position').count;
    const colors = new Float32Array(count * 3);
    for (let i = 0; i < count; i++) colors.set([color.r, color.g, color.b], i * 3);
    geometry.setAttribute('color', new BufferAttribute(colors, 3));
    if (geometry !== g) g.dispose();
    return geometry;
  });
  return merge(ready)!;
}

const box = (w: number, h: number, d: number, x: number, y: number, z: number) =>
  metreBox(w, h, d).translate(x, y, z);
const cylinder = (r0: number, r1: number, h: number, x: number, y: number, z: number, segments = 20) =>
  new CylinderGeometry(r0, r1, h, segments).translate(x, y, z);

export const propLibrary: PropDefinition[] = [
  {
    propId: 'bench',
    title: 'Bench',
    size: [1.6, 0.45, 0.45],
    build: () =>
      colored([
        [box(1.6, 0.06, 0.45, 0, 0.42, 0), '#8a6a4a'],
        [box(0.08, 0.39, 0.4, -0.7, 0.195, 0), '#2d2d30'],
        [box(0.08, 0.39, 0.4, 0.7, 0.195, 0), '#2d2d30'],
      ]),
  },
  {
    propId: 'plant',
    title: 'Plant',
    size: [0.6, 1.3, 0.6],
    build: () =>
      colored([
        [cylinder(0.22, 0.17, 0.45, 0, 0.225, 0), '#c7b49a'],
        [new IcosahedronGeometry(0.32, 1).translate(0, 0.75, 0), '#4f7a43'],
        [new IcosahedronGeometry(0.24, 1).translate(0.12, 1.05, 0.05), '#5f8c4f'],
        [new IcosahedronGeometry(0.2, 1).translate(-0.12, 0.98, -0.08), '#46703b'],
      ]),
  },
  {
    propId: 'pedestal',
    title: 'Pedestal',
    size: [0.6, 1, 0.6],
    build: () =>
      colored([
        [box(0.6, 0.06, 0.6, 0, 0.03, 0), '#d8d6d0'],
        [box(0.5, 0.88, 0.5, 0, 0.5, 0), '#f5f4f0'],
        [box(0.6, 0.06, 0.6, 0, 0.97, 0), '#ecebe6'],
      ]),
  },
  {
    propId: 'sofa',
    title: 'Sofa',
    size: [2, 0.85, 0.9],
    build: () =>
      colored([
        [box(2, 0.42, 0.9, 0, 0.21, 0), '#5b6b7a'],
        [box(2, 0.45, 0.2, 0, 0.62, -0.35), '#536270'],
        [box(0.2, 0.25, 0.9, -0.9, 0.545, 0), '#536270'],
        [box(0.2, 0.25, 0.9, 0.9, 0.545, 0), '#536270'],
      ]),
  },
  {
    propId: 'floor-lamp',
    title: 'Floor lamp',
    size: [0.45, 1.7, 0.45],
    build: () =>
      colored([
        [cylinder(0.18, 0.2, 0.04, 0, 0.02, 0), '#26262a'],
        [cylinder(0.015, 0.015, 1.45, 0, 0.765, 0, 8), '#26262a'],
        [new ConeGeometry(0.22, 0.3, 24, 1, true).translate(0, 1.55, 0), '#f1e6c8'],
      ]),
  },
  {
    propId: 'rope-barrier',
    title: 'Rope barrier',
    size: [1.6, 0.95, 0.3],
    build: () =>
      colored([
        [cylinder(0.14, 0.15, 0.04, -0.75, 0.02, 0), '#b08d3c'],
        [cylinder(0.025, 0.025, 0.9, -0.75, 0.47, 0, 10), '#c9a24a'],
        [cylinder(0.14, 0.15, 0.04, 0.75, 0.02, 0), '#b08d3c'],
        [cylinder(0.025, 0.025, 0.9, 0.75, 0.47, 0, 10), '#c9a24a'],
        [new TorusGeometry(0.75, 0.02, 6, 24, Math.PI).rotateZ(Math.PI).translate(0, 0.9, 0), '#8c1d2b'],
      ]),
  },
];

/** A crate for props the library does not have. */
const placeholder: PropDefinition = {
  propId: 'placeholder',
  title: 'Unknown prop',
  size: [0.5, 0.5, 0.5],
  build: () => colored([[box(0.5, 0.5, 0.5, 0, 0.25, 0), '#b9b4aa']]),
};

export const propById = (propId: string) => propLibrary.find((p) => p.propId === propId) ?? placeholder;

/**
 * Bakes placed props into the static batch (one draw call with the rest of the furniture) and
 * returns the boxes a visitor bumps into.
 */
export function batchProps(props: PlacedProp[], batch: StaticBatch): Obstacle[] {
  const geometries = new Map<PropDefinition, BufferGeometry>();
  const obstacles: Obstacle[] = [];
  const position = new Vector3();
  const quaternion = new Quaternion();
  const scale = new Vector3();
  const euler = new Euler();
  for (const prop of props) {
    const def = propById(prop.propId);
    let geometry = geometries.get(def);
    if (!geometry) {
      geometry = def.build();
      geometries.set(def, geometry);
    }
    const m: Matrix4 = transformMatrix(prop.transform);
    const placed = geometry.clone().applyMatrix4(m);
    batch.add(placed, { kind: 'prop', id: prop.id });
    placed.dispose();
    m.decompose(position, quaternion, scale);
    euler.setFromQuaternion(quaternion, 'YXZ');
    obstacles.push({
      center: [position.x, position.z],
      halfLength: (def.size[0] * scale.x) / 2,
      halfWidth: (def.size[2] * scale.z) / 2,
      angle: -euler.y,
      bottom: position.y,
      top: position.y + def.size[1] * scale.y,
    });
  }
  geometries.forEach((g) => g.dispose());
  return obstacles;
}
