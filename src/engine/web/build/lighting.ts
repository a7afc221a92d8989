import {
  AdditiveBlending,
  Box3,
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  Color,
  DoubleSide,
  Group,
  type Matrix4,
  Mesh,
  MeshBasicMaterial,
  type Object3D,
  Raycaster,
  SRGBColorSpace,
  Vector3,
} from 'three';
import type { Runtime } from '../runtime/runtime';
import type { QualityProfile } from '../runtime/quality';
import { metreBox } from './geometry';
import type { StaticBatch } from './staticBatch';

/**
 * Light on the artworks, without real lights: forward rendering pays for every light on every
 * lit pixel, so a hundred spots would cost a hundred times. Instead each lit work gets
 *
 * - a light pool on the wall around it: one quad with a soft gradient, all pools in one mesh
 *   (one draw call, added on top of the wall);
 * - at higher levels the soft cone of the spot that makes it (all cones in one more mesh), from a
 *   small fixture baked into the static batch.
 *
 * A 'gallery' mood dims the room's own light so that the pools stand out.
 */

export type LightingMood = 'gallery' | 'daylight';

/** A work to light: its transform (facing +z), size in metres, and the wall's distance behind. */
export interface LitWork {
  id: string;
  matrix: Matrix4;
  width: number;
  height: number;
  /** How far behind the work's plane the wall is (metres). */
  wall: number;
}

const warm = new Color('#fff1dc');
/** Strength of the pools: clearly visible on a dimmed gallery wall, a hint in daylight. */
const poolStrength: Record<LightingMood, number> = { gallery: 0.42, daylight: 0.22 };
const coneStrength: Record<LightingMood, number> = { gallery: 0.045, daylight: 0.025 };
/** The room's own light in each mood, as a share of the runtime's. */
const roomLight: Record<LightingMood, number> = { gallery: 0.55, daylight: 1 };
/** Where the spot hangs: above the work's top edge and out from the wall (metres). */
const fixtureRise = 0.9;
const fixtureOut = 1;
const coneSegments = 18;

/** The pool of light of a work, in its own frame: centre and size on the wall. */
export function poolOf(width: number, height: number) {
  return {
    centerY: height * 0.12 + 0.08,
    width: width * 1.5 + 0.7,
    height: height * 1.45 + 0.8,
  };
}

/** Distance from a work's plane to the surface behind it, or null if none is near. */
export function wallBehind(matrix: Matrix4, solid: Object3D[], reach = 0.4): number | null {
  if (!solid.length) return null;
  const origin = new Vector3().setFromMatrixPosition(matrix);
  const back = new Vector3(0, 0, -1).transformDirection(matrix);
  const raycaster = new Raycaster(origin.addScaledVector(back, -0.02), back, 0, reach);
  const hit = raycaster.intersectObjects(solid, false)[0];
  return hit ? Math.max(0, hit.distance - 0.02) : null;
}

let poolTexture: CanvasTexture | null = null;

/** A soft spot's footprint: bright centre, a wide falloff, a faint rim. Shared by every space. */
function poolGradient(): CanvasTexture {
  if (poolTexture) return poolTexture;
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  const g = ctx.createRadialGradient(size / 2, size * 0.42, 0, size / 2, size / 2, size / 2);
  g.addColorStop(0, 'rgba(255,255,255,1)');
  g.addColorStop(0.45, 'rgba(255,255,255,0.75)');
  g.addColorStop(0.8, 'rgba(255,255,255,0.22)');
  g.addColorStop(0.93, 'rgba(255,255,255,0.06)');
  g.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, size, size);
  poolTexture = new CanvasTexture(canvas);
  poolTexture.colorSpace = SRGBColorSpace;
  return poolTexture;
}

/** The pools of every work as one geometry (positions and uvs, two triangles each). */
export function poolGeometry(works: LitWork[]): BufferGeometry {
  const positions: number[] = [];
  const uvs: number[] = [];
  const v = new Vector3();
  for (const work of works) {
    const pool = poolOf(work.width, work.height);
    const z = -work.wall + 0.003;
    const corners = [
      [-pool.width / 2, pool.centerY - pool.height / 2, 0, 0],
      [pool.width / 2, pool.centerY - pool.height / 2, 1, 0],
      [pool.width / 2, pool.centerY + pool.height / 2, 1, 1],
      [-pool.width / 2, pool.centerY + pool.height / 2, 0, 1],
    ];
    for (const i of [0, 1, 2, 0, 2, 3]) {
      const [x, y, u, w] = corners[i];
      v.set(x, y, z).applyMatrix4(work.matrix);
      positions.push(v.x, v.y, v.z);
      uvs.push(u, w);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  geometry.setAttribute('uv', new BufferAttribute(new Float32Array(uvs), 2));
  geometry.computeBoundingSphere();
  return geometry;
}

/** The cones of every work as one geometry: a fan from the fixture to an ellipse on the wall. */
export function coneGeometry(works: LitWork[]): BufferGeometry {
  const positions: number[] = [];
  const colours: number[] = [];
  const apex = new Vector3();
  const a = new Vector3();
  const b = new Vector3();
  for (const work of works) {
    const pool = poolOf(work.width, work.height);
    apex.set(0, work.height / 2 + fixtureRise, fixtureOut).applyMatrix4(work.matrix);
    const z = -work.wall + 0.01;
    const rim = (k: number, out: Vector3) =>
      out
        .set(
          Math.cos((k / coneSegments) * Math.PI * 2) * pool.width * 0.38,
          pool.centerY + Math.sin((k / coneSegments) * Math.PI * 2) * pool.height * 0.38,
          z,
        )
        .applyMatrix4(work.matrix);
    for (let k = 0; k < coneSegments; k++) {
      rim(k, a);
      rim(k + 1, b);
      positions.push(apex.x, apex.y, apex.z, a.x, a.y, a.z, b.x, b.y, b.z);
      // Brightest at the fixture, fading out towards the wall.
      colours.push(1, 1, 1, 1, 1, 1, 1, 0.15, 1, 1, 1, 0.15);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  geometry.setAttribute('color', new BufferAttribute(new Float32Array(colours), 4));
  geometry.computeBoundingSphere();
  return geometry;
}

export interface BuiltLights {
  group: Group;
  dispose(): void;
}

/**
 * Pools (and at 'cone' levels, cones and fixtures) for the works; fixtures go into the static
 * batch, so they cost no draw call of their own.
 */
export function buildPictureLights(
  works: LitWork[],
  profile: QualityProfile,
  mood: LightingMood,
  batch: StaticBatch,
): BuiltLights {
  const group = new Group();
  group.name = 'picture-lights';
  const disposables: { dispose(): void }[] = [];
  if (works.length) {
    const geometry = poolGeometry(works);
    const material = new MeshBasicMaterial({
      map: poolGradient(),
      color: warm.clone().multiplyScalar(poolStrength[mood]),
      blending: AdditiveBlending,
      transparent: true,
      depthWrite: false,
      polygonOffset: true,
      polygonOffsetFactor: -2,
      polygonOffsetUnits: -2,
    });
    const pools = new Mesh(geometry, material);
    pools.name = 'picture-lights:pools';
    pools.matrixAutoUpdate = false;
    group.add(pools);
    disposables.push(geometry, material);
  }
  if (works.length && profile.pictureLight === 'cone') {
    const geometry = coneGeometry(works);
    const material = new MeshBasicMaterial({
      color: warm.clone().multiplyScalar(coneStrength[mood]),
      vertexColors: true,
      blending: AdditiveBlending,
      transparent: true,
      depthWrite: false,
      side: DoubleSide,
    });
    const cones = new Mesh(geometry, material);
    cones.name = 'picture-lights:cones';
    cones.matrixAutoUpdate = false;
    group.add(cones);
    disposables.push(geometry, material);
    const dark = new Color('#2a2a2c');
    for (const work of works) {
      // A small can light on a short stem, aimed at the work.
      const fixture = metreBox(0.07, 0.07, 0.16)
        .rotateX(-0.6)
        .translate(0, work.height / 2 + fixtureRise, fixtureOut)
        .applyMatrix4(work.matrix);
      batch.add(fixture, { kind: 'picture', id: work.id }, { roughness: 0.5, metalness: 0 }, dark);
      fixture.dispose();
    }
  }
  return {
    group,
    dispose() {
      disposables.forEach((d) => d.dispose());
    },
  };
}

/**
 * Sets the room's light for a mood and, with shadows on, fits the sun's shadow to the things
 * that cast one. Returns what puts the runtime's lights back.
 */
export function applyMood(runtime: Runtime, mood: LightingMood, casters: Box3 | null): () => void {
  const ambient = runtime.ambient.intensity;
  const sun = runtime.sun.intensity;
  const sunPosition = runtime.sun.position.clone();
  const target = runtime.sun.target.position.clone();
  runtime.ambient.intensity = ambient * roomLight[mood];
  runtime.sun.intensity = sun * roomLight[mood];
  fitSunShadow(runtime, casters);
  return () => {
    runtime.ambient.intensity = ambient;
    runtime.sun.intensity = sun;
    runtime.sun.position.copy(sunPosition);
    runtime.sun.target.position.copy(target);
  };
}

/** Aims the sun's shadow at what casts shadows (the models), once they are in the space. */
export function fitSunShadow(runtime: Runtime, casters: Box3 | null) {
  if (casters && !casters.isEmpty()) {
    // Light from high above, as from skylights: short, soft shadows under the objects.
    const center = casters.getCenter(new Vector3());
    const radius = Math.max(4, casters.getSize(new Vector3()).length() / 2 + 1);
    runtime.sun.target.position.copy(center);
    runtime.sun.position.copy(center).add(new Vector3(0.35, 1, 0.25).normalize().multiplyScalar(radius + 20));
    const camera = runtime.sun.shadow.camera;
    camera.left = camera.bottom = -radius;
    camera.right = camera.top = radius;
    camera.near = 1;
    camera.far = radius * 2 + 40;
    camera.updateProjectionMatrix();
    runtime.sun.shadow.radius = 3;
    runtime.sun.updateMatrixWorld();
    runtime.sun.target.updateMatrixWorld();
  }
  runtime.invalidate();
}

let shadowTexture: CanvasTexture | null = null;

/** A soft dark disc, darkest under the object's middle. */
function shadowGradient(): CanvasTexture {
  if (shadowTexture) return shadowTexture;
  const size = 64;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  const g = ctx.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
  g.addColorStop(0, 'rgba(0,0,0,0.55)');
  g.addColorStop(0.5, 'rgba(0,0,0,0.3)');
  g.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, size, size);
  shadowTexture = new CanvasTexture(canvas);
  return shadowTexture;
}

/**
 * Soft contact shadows: a blurred shadow on the ground under each object's footprint, all in one
 * mesh. Costs one draw call, where a shadow map costs a pass and filtering on every pixel.
 */
export function buildContactShadows(boxes: Box3[]): Mesh | null {
  const positions: number[] = [];
  const uvs: number[] = [];
  for (const box of boxes) {
    if (box.isEmpty()) continue;
    const size = box.getSize(new Vector3());
    if (size.x > 6 || size.z > 6) continue;
    const cx = (box.min.x + box.max.x) / 2;
    const cz = (box.min.z + box.max.z) / 2;
    const hx = (size.x / 2) * 1.35 + 0.1;
    const hz = (size.z / 2) * 1.35 + 0.1;
    const y = box.min.y + 0.004;
    const corners = [
      [cx - hx, cz + hz, 0, 0],
      [cx + hx, cz + hz, 1, 0],
      [cx + hx, cz - hz, 1, 1],
      [cx - hx, cz - hz, 0, 1],
    ];
    for (const i of [0, 1, 2, 0, 2, 3]) {
      const [x, z, u, v] = corners[i];
      positions.push(x, y, z);
      uvs.push(u, v);
    }
  }
  if (!positions.length) return null;
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  geometry.setAttribute('uv', new BufferAttribute(new Float32Array(uvs), 2));
  geometry.computeBoundingSphere();
  const mesh = new Mesh(
    geometry,
    new MeshBasicMaterial({
      map: shadowGradient(),
      color: '#000000',
      transparent: true,
      depthWrite: false,
      polygonOffset: true,
      polygonOffsetFactor: -2,
      polygonOffsetUnits: -2,
    }),
  );
  mesh.name = 'contact-shadows';
  mesh.matrixAutoUpdate = false;
  return mesh;
}

/** The union of boxes, for fitting a shadow. */
export const unionOf = (boxes: Box3[]) => boxes.reduce((u, b) => u.union(b), new Box3());
