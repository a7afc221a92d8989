/**
 * The built-in visitor avatar (contracts/avatars.ts): a light, rigged, low-poly mannequin with its
 * idle, walk and emote clips, written to public/avatars/avatar.glb. The GLB is committed; run this
 * again after a change and commit the result:
 *
 *   node --import tsx scripts/avatar/make-avatar.ts
 *
 * The output is deterministic (the same bytes every run; tests/unit/avatarModel.test.ts checks it
 * against the committed file).
 *
 * The figure is about 1.75 m tall, stands on y = 0 at x = z = 0 and faces -z (its visor looks down
 * -z, like the camera); its own left is -x, its right +x. One mesh with one primitive and one material ('Body',
 * white): the colours are per vertex, near white for the body so that tinting the material colours
 * the body, darker for the hands, feet, elbows and knees, very dark for the visor. Rigid skinning:
 * every vertex follows one joint. The joints' bind pose has no rotation (arms hanging at the sides),
 * so a joint's rotation in a clip is a rotation in the figure's own axes: +x pitches a hanging limb
 * forward (towards -z) and leans the spine back, +z swings the right arm out, -z the left.
 */
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Document, NodeIO, type Accessor, type Node as GltfNode } from '@gltf-transform/core';
import { Euler, MathUtils, Matrix4, Quaternion, Vector3 } from 'three';
import { avatarClips } from '../../contracts/avatars';
import { emotes, type Emote } from '../../contracts/livePoses';

type V3 = [number, number, number];

// ---------------------------------------------------------------------------------------------
// The skeleton
// ---------------------------------------------------------------------------------------------

export const jointNames = [
  'Hips',
  'Spine',
  'Chest',
  'Neck',
  'Head',
  'UpperArm.L',
  'LowerArm.L',
  'Hand.L',
  'UpperArm.R',
  'LowerArm.R',
  'Hand.R',
  'UpperLeg.L',
  'LowerLeg.L',
  'Foot.L',
  'UpperLeg.R',
  'LowerLeg.R',
  'Foot.R',
] as const;
export type JointName = (typeof jointNames)[number];

const shoulderX = 0.23;
const legX = 0.095;

/** Each joint's parent and its position in the bind pose (world, metres). */
const skeleton: Record<JointName, { parent: JointName | null; at: V3 }> = {
  Hips: { parent: null, at: [0, 0.95, 0] },
  Spine: { parent: 'Hips', at: [0, 1.05, 0] },
  Chest: { parent: 'Spine', at: [0, 1.25, 0] },
  Neck: { parent: 'Chest', at: [0, 1.47, 0] },
  Head: { parent: 'Neck', at: [0, 1.55, 0] },
  'UpperArm.L': { parent: 'Chest', at: [-shoulderX, 1.42, 0] },
  'LowerArm.L': { parent: 'UpperArm.L', at: [-shoulderX, 1.15, 0] },
  'Hand.L': { parent: 'LowerArm.L', at: [-shoulderX, 0.9, 0] },
  'UpperArm.R': { parent: 'Chest', at: [shoulderX, 1.42, 0] },
  'LowerArm.R': { parent: 'UpperArm.R', at: [shoulderX, 1.15, 0] },
  'Hand.R': { parent: 'LowerArm.R', at: [shoulderX, 0.9, 0] },
  'UpperLeg.L': { parent: 'Hips', at: [-legX, 0.9, 0] },
  'LowerLeg.L': { parent: 'UpperLeg.L', at: [-legX, 0.5, 0] },
  'Foot.L': { parent: 'LowerLeg.L', at: [-legX, 0.09, 0] },
  'UpperLeg.R': { parent: 'Hips', at: [legX, 0.9, 0] },
  'LowerLeg.R': { parent: 'UpperLeg.R', at: [legX, 0.5, 0] },
  'Foot.R': { parent: 'LowerLeg.R', at: [legX, 0.09, 0] },
};

const jointIndex = (name: JointName) => jointNames.indexOf(name);
const restTranslation = (name: JointName): V3 => {
  const { parent, at } = skeleton[name];
  const base = parent ? skeleton[parent].at : [0, 0, 0];
  return [at[0] - base[0], at[1] - base[1], at[2] - base[2]];
};

// ---------------------------------------------------------------------------------------------
// The mesh: parts built in the bind pose, each following one joint
// ---------------------------------------------------------------------------------------------

const body = 0.95;
const trim = 0.8;
const visor = 0.06;

interface Geometry {
  positions: number[];
  normals: number[];
  colours: number[];
  joints: number[];
  indices: number[];
}

const geometry: Geometry = { positions: [], normals: [], colours: [], joints: [], indices: [] };

interface Part {
  points: Vector3[];
  normals: Vector3[];
  triangles: number[];
}

function addPart(part: Part, joint: JointName, colour: number): void {
  const base = geometry.positions.length / 3;
  for (let i = 0; i < part.points.length; i++) {
    const p = part.points[i];
    const n = part.normals[i];
    geometry.positions.push(p.x, p.y, p.z);
    geometry.normals.push(n.x, n.y, n.z);
    geometry.colours.push(colour, colour, colour);
    geometry.joints.push(jointIndex(joint));
  }
  for (const i of part.triangles) geometry.indices.push(base + i);
}

/** Moves a part built about the origin along +y so that +y runs from `from` towards `to`. */
function placed(part: Part, from: Vector3, direction: Vector3, spin = 0): Part {
  const rotation = new Quaternion()
    .setFromUnitVectors(new Vector3(0, 1, 0), direction.clone().normalize())
    .multiply(new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), spin));
  const matrix = new Matrix4().compose(from, rotation, new Vector3(1, 1, 1));
  return {
    points: part.points.map((p) => p.clone().applyMatrix4(matrix)),
    normals: part.normals.map((n) => n.clone().applyQuaternion(rotation)),
    triangles: part.triangles,
  };
}

interface Ring {
  y: number;
  /** Half-widths across x and z; 0 for a pole. */
  rx: number;
  rz: number;
  /** The ring's centre, offset on z. */
  cz?: number;
}

/**
 * A smooth closed (or open-ended) surface through elliptic rings stacked along +y, with smooth
 * normals: limbs, torso, head.
 */
function loft(rings: Ring[], segments: number, phase = 0.5): Part {
  const points: Vector3[] = [];
  const ringStart: number[] = [];
  for (const ring of rings) {
    ringStart.push(points.length);
    if (ring.rx === 0 && ring.rz === 0) {
      points.push(new Vector3(0, ring.y, ring.cz ?? 0));
      continue;
    }
    for (let j = 0; j < segments; j++) {
      const a = ((j + phase) / segments) * Math.PI * 2;
      points.push(new Vector3(ring.rx * Math.cos(a), ring.y, (ring.cz ?? 0) + ring.rz * Math.sin(a)));
    }
  }
  const at = (i: number, j: number) =>
    rings[i].rx === 0 && rings[i].rz === 0 ? ringStart[i] : ringStart[i] + (j % segments);
  const triangles: number[] = [];
  for (let i = 0; i + 1 < rings.length; i++) {
    for (let j = 0; j < segments; j++) {
      const a = at(i, j);
      const b = at(i, j + 1);
      const c = at(i + 1, j + 1);
      const d = at(i + 1, j);
      if (a !== c && c !== b && a !== b) triangles.push(a, c, b);
      if (a !== d && d !== c && a !== c) triangles.push(a, d, c);
    }
  }
  // Smooth normals: each vertex takes the area-weighted sum of its faces' normals.
  const normals = points.map(() => new Vector3());
  const e1 = new Vector3();
  const e2 = new Vector3();
  for (let t = 0; t < triangles.length; t += 3) {
    const [a, b, c] = [triangles[t], triangles[t + 1], triangles[t + 2]];
    e1.subVectors(points[b], points[a]);
    e2.subVectors(points[c], points[a]);
    const n = new Vector3().crossVectors(e1, e2);
    normals[a].add(n);
    normals[b].add(n);
    normals[c].add(n);
  }
  for (const n of normals) n.normalize();
  return { points, normals, triangles };
}

/**
 * A capsule of length `length` along +y from the origin: a rounded end where it shows, a short
 * cone where a joint ball, a hand or a foot covers it.
 */
function capsule(
  length: number,
  r0: number,
  r1: number,
  segments: number,
  ends: [boolean, boolean] = [true, true],
) {
  const c = Math.SQRT1_2;
  const start: Ring[] = ends[0]
    ? [
        { y: -r0, rx: 0, rz: 0 },
        { y: -r0 * c, rx: r0 * c, rz: r0 * c },
      ]
    : [{ y: -r0 * 0.6, rx: 0, rz: 0 }];
  const end: Ring[] = ends[1]
    ? [
        { y: length + r1 * c, rx: r1 * c, rz: r1 * c },
        { y: length + r1, rx: 0, rz: 0 },
      ]
    : [{ y: length + r1 * 0.6, rx: 0, rz: 0 }];
  return loft([...start, { y: 0, rx: r0, rz: r0 }, { y: length, rx: r1, rz: r1 }, ...end], segments);
}

/** An ellipsoid about the origin. */
function ellipsoid(rx: number, ry: number, rz: number, segments: number, bands: number): Part {
  const rings: Ring[] = [];
  for (let i = 0; i <= bands; i++) {
    const polar = Math.PI - (i / bands) * Math.PI;
    const s = Math.sin(polar);
    rings.push({
      y: ry * Math.cos(polar),
      rx: i === 0 || i === bands ? 0 : rx * s,
      rz: i === 0 || i === bands ? 0 : rz * s,
    });
  }
  return loft(rings, segments);
}

/** Flat quads, each wound to face along its normal. */
function quads(list: { corners: Vector3[]; normal: Vector3 }[]): Part {
  const part: Part = { points: [], normals: [], triangles: [] };
  for (const { corners, normal } of list) {
    const base = part.points.length;
    for (const p of corners) {
      part.points.push(p);
      part.normals.push(normal);
    }
    const facing = new Vector3()
      .subVectors(corners[1], corners[0])
      .cross(new Vector3().subVectors(corners[2], corners[0]))
      .dot(normal);
    if (facing > 0) part.triangles.push(base, base + 1, base + 2, base, base + 2, base + 3);
    else part.triangles.push(base, base + 2, base + 1, base, base + 3, base + 2);
  }
  return part;
}

/** A box with flat faces. */
function box(min: V3, max: V3): Part {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const v = (x: number, y: number, z: number) => new Vector3(x, y, z);
  return quads([
    { corners: [v(x1, y0, z0), v(x1, y1, z0), v(x1, y1, z1), v(x1, y0, z1)], normal: v(1, 0, 0) },
    { corners: [v(x0, y0, z0), v(x0, y0, z1), v(x0, y1, z1), v(x0, y1, z0)], normal: v(-1, 0, 0) },
    { corners: [v(x0, y1, z0), v(x0, y1, z1), v(x1, y1, z1), v(x1, y1, z0)], normal: v(0, 1, 0) },
    { corners: [v(x0, y0, z0), v(x1, y0, z0), v(x1, y0, z1), v(x0, y0, z1)], normal: v(0, -1, 0) },
    { corners: [v(x0, y0, z1), v(x1, y0, z1), v(x1, y1, z1), v(x0, y1, z1)], normal: v(0, 0, 1) },
    { corners: [v(x0, y0, z0), v(x0, y1, z0), v(x1, y1, z0), v(x1, y0, z0)], normal: v(0, 0, -1) },
  ]);
}

const head = { y: 1.635, rx: 0.1, ry: 0.115, rz: 0.11 };

/** Two rows of points joined by triangles, each wound to face along its vertices' normals. */
function strip(rows: [Vector3[], Vector3[]], normals: [Vector3[], Vector3[]]): Part {
  const count = rows[0].length;
  const part: Part = {
    points: [...rows[0], ...rows[1]],
    normals: [...normals[0], ...normals[1]],
    triangles: [],
  };
  const e1 = new Vector3();
  const e2 = new Vector3();
  const add = (a: number, b: number, c: number) => {
    e1.subVectors(part.points[b], part.points[a]);
    e2.subVectors(part.points[c], part.points[a]);
    const facing = e1.cross(e2).dot(part.normals[a].clone().add(part.normals[b]).add(part.normals[c]));
    if (facing >= 0) part.triangles.push(a, b, c);
    else part.triangles.push(a, c, b);
  };
  for (let i = 0; i + 1 < count; i++) {
    add(i, i + 1, count + i + 1);
    add(i, count + i + 1, count + i);
  }
  return part;
}

/** Parts joined into one. */
function joined(...parts: Part[]): Part {
  const out: Part = { points: [], normals: [], triangles: [] };
  for (const part of parts) {
    const base = out.points.length;
    out.points.push(...part.points);
    out.normals.push(...part.normals);
    out.triangles.push(...part.triangles.map((i) => i + base));
  }
  return out;
}

/** The visor: a dark band across the front (-z) of the head at eye height, standing proud of it. */
function visorBand(): Part {
  const steps = 8;
  const spread = MathUtils.degToRad(78);
  const [y0, y1] = [head.y - 0.012, head.y + 0.048];
  const angles = Array.from({ length: steps + 1 }, (_, i) => -spread + (2 * spread * i) / steps);
  const outer = (y: number) =>
    angles.map((a) => new Vector3((head.rx + 0.012) * Math.sin(a), y, -(head.rz + 0.012) * Math.cos(a)));
  const inner = (y: number) =>
    angles.map((a) => new Vector3((head.rx - 0.02) * Math.sin(a), y, -(head.rz - 0.02) * Math.cos(a)));
  const radial = angles.map((a) => new Vector3(Math.sin(a) / head.rx, 0, -Math.cos(a) / head.rz).normalize());
  const same = (n: Vector3) => angles.map(() => n);
  const upward = new Vector3(0, 1, 0);
  const downward = new Vector3(0, -1, 0);
  const ends = quads(
    [-spread, spread].map((a) => {
      const o = (y: number) =>
        new Vector3((head.rx + 0.012) * Math.sin(a), y, -(head.rz + 0.012) * Math.cos(a));
      const i = (y: number) =>
        new Vector3((head.rx - 0.02) * Math.sin(a), y, -(head.rz - 0.02) * Math.cos(a));
      const tangent = new Vector3(Math.cos(a), 0, Math.sin(a)).multiplyScalar(Math.sign(a));
      return { corners: [o(y0), o(y1), i(y1), i(y0)], normal: tangent };
    }),
  );
  return joined(
    strip([outer(y0), outer(y1)], [radial, radial]),
    strip([outer(y1), inner(y1)], [same(upward), same(upward)]),
    strip([outer(y0), inner(y0)], [same(downward), same(downward)]),
    ends,
  );
}

const up = new Vector3(0, 1, 0);
const down = new Vector3(0, -1, 0);
const at = (name: JointName) => new Vector3(...skeleton[name].at);

function buildMesh(): void {
  // Torso: pelvis, belly, chest, neck.
  addPart(
    placed(
      loft(
        [
          { y: -0.11, rx: 0, rz: 0 },
          { y: -0.1, rx: 0.1, rz: 0.07 },
          { y: -0.05, rx: 0.145, rz: 0.1 },
          { y: 0.05, rx: 0.15, rz: 0.1 },
          { y: 0.1, rx: 0.13, rz: 0.09 },
          { y: 0.11, rx: 0, rz: 0 },
        ],
        10,
      ),
      at('Hips'),
      up,
    ),
    'Hips',
    body,
  );
  addPart(
    placed(
      loft(
        [
          { y: -0.06, rx: 0, rz: 0 },
          { y: -0.05, rx: 0.12, rz: 0.08 },
          { y: 0.17, rx: 0.14, rz: 0.095 },
          { y: 0.19, rx: 0, rz: 0 },
        ],
        10,
      ),
      at('Spine'),
      up,
    ),
    'Spine',
    body,
  );
  addPart(
    placed(
      loft(
        [
          { y: -0.05, rx: 0, rz: 0 },
          { y: -0.04, rx: 0.13, rz: 0.09 },
          { y: 0.1, rx: 0.165, rz: 0.11, cz: -0.005 },
          { y: 0.19, rx: 0.165, rz: 0.1 },
          { y: 0.23, rx: 0.12, rz: 0.08 },
          { y: 0.245, rx: 0, rz: 0 },
        ],
        10,
      ),
      at('Chest'),
      up,
    ),
    'Chest',
    body,
  );
  addPart(
    placed(
      loft(
        [
          { y: -0.03, rx: 0.045, rz: 0.045 },
          { y: 0.1, rx: 0.04, rz: 0.04 },
        ],
        8,
      ),
      at('Neck'),
      up,
    ),
    'Neck',
    body,
  );
  // Head and visor.
  addPart(placed(ellipsoid(head.rx, head.ry, head.rz, 10, 6), new Vector3(0, head.y, 0), up), 'Head', body);
  addPart(visorBand(), 'Head', visor);

  for (const side of ['L', 'R'] as const) {
    const s = sign(side);
    const j = (name: string) => `${name}.${side}` as JointName;
    // Arm: upper and lower arm, elbow, mitten hand with a thumb at its front.
    addPart(
      placed(capsule(0.27, 0.05, 0.042, 6, [true, false]), at(j('UpperArm')), down),
      j('UpperArm'),
      body,
    );
    addPart(
      placed(capsule(0.25, 0.04, 0.034, 6, [false, false]), at(j('LowerArm')), down),
      j('LowerArm'),
      body,
    );
    addPart(placed(ellipsoid(0.047, 0.047, 0.047, 6, 3), at(j('LowerArm')), up), j('LowerArm'), trim);
    const wrist = at(j('Hand'));
    addPart(placed(loft(handRings, 6), wrist, down, Math.PI / 2), j('Hand'), trim);
    addPart(
      placed(
        loft(thumbRings, 5),
        wrist.clone().add(new Vector3(s * 0.004, -0.045, -0.028)),
        new Vector3(0, -0.35, -1),
      ),
      j('Hand'),
      trim,
    );
    // Leg: thigh, knee, shin, foot.
    addPart(
      placed(capsule(0.4, 0.07, 0.055, 8, [true, false]), at(j('UpperLeg')), down),
      j('UpperLeg'),
      body,
    );
    addPart(
      placed(capsule(0.41, 0.052, 0.04, 8, [false, false]), at(j('LowerLeg')), down),
      j('LowerLeg'),
      body,
    );
    addPart(placed(ellipsoid(0.058, 0.058, 0.058, 6, 3), at(j('LowerLeg')), up), j('LowerLeg'), trim);
    const x = s * legX;
    addPart(box([x - 0.055, 0, -0.17], [x + 0.055, 0.085, 0.065]), j('Foot'), trim);
  }
}

/** The thumb along +y from its root. */
const thumbRings: Ring[] = [
  { y: -0.012, rx: 0, rz: 0 },
  { y: 0, rx: 0.017, rz: 0.015 },
  { y: 0.04, rx: 0.014, rz: 0.012 },
  { y: 0.056, rx: 0, rz: 0 },
];

/** The mitten hand along +y from the wrist: wide across z, thin across x (palms face the body). */
const handRings: Ring[] = [
  { y: -0.005, rx: 0, rz: 0 },
  { y: 0.005, rx: 0.036, rz: 0.024 },
  { y: 0.06, rx: 0.048, rz: 0.03 },
  { y: 0.12, rx: 0.04, rz: 0.026 },
  { y: 0.145, rx: 0, rz: 0 },
];

// ---------------------------------------------------------------------------------------------
// Poses and clips
// ---------------------------------------------------------------------------------------------

/** A pose: joint rotations (missing ones rest) and how far the hips move from rest. */
interface Pose {
  rot: Partial<Record<JointName, Quaternion>>;
  hips?: V3;
  /** Lower the hips so that the lower foot stands on y = 0 (added to hips[1]). */
  ground?: boolean;
}

interface Key {
  t: number;
  pose: Pose;
}

const rest: Pose = { rot: {} };

/** A rotation from Euler angles in degrees (XYZ order). */
const deg = (x: number, y = 0, z = 0) =>
  new Quaternion().setFromEuler(
    new Euler(MathUtils.degToRad(x), MathUtils.degToRad(y), MathUtils.degToRad(z), 'XYZ'),
  );

/** Poses merged: later rotations of a joint are applied after (on top of) earlier ones. */
function pose(...parts: (Pose | Partial<Record<JointName, Quaternion>>)[]): Pose {
  const out: Pose = { rot: {} };
  for (const part of parts) {
    const p: Pose = 'rot' in part ? (part as Pose) : { rot: part as Partial<Record<JointName, Quaternion>> };
    for (const [name, q] of Object.entries(p.rot) as [JointName, Quaternion][]) {
      const before = out.rot[name];
      out.rot[name] = before ? q.clone().multiply(before) : q.clone();
    }
    if (p.hips) {
      const h = out.hips ?? [0, 0, 0];
      out.hips = [h[0] + p.hips[0], h[1] + p.hips[1], h[2] + p.hips[2]];
    }
    if (p.ground) out.ground = true;
  }
  return out;
}

type Side = 'L' | 'R';
const sign = (side: Side) => (side === 'L' ? -1 : 1);
const v = (x: number, y: number, z: number) => new Vector3(x, y, z).normalize();

/**
 * An arm pointing its upper arm and forearm along directions in the chest's frame (the figure's
 * axes when the chest is upright), twisted about the upper arm, the hand turned by `hand`.
 */
function arm(side: Side, upper: Vector3, lower: Vector3, twist = 0, hand?: Quaternion): Pose {
  const qU = new Quaternion()
    .setFromUnitVectors(down, upper.clone().normalize())
    .multiply(new Quaternion().setFromAxisAngle(up, MathUtils.degToRad(twist)));
  const local = lower.clone().normalize().applyQuaternion(qU.clone().invert());
  const qL = new Quaternion().setFromUnitVectors(down, local);
  const rot: Pose['rot'] = { [`UpperArm.${side}`]: qU, [`LowerArm.${side}`]: qL };
  if (hand) rot[`Hand.${side}`] = hand;
  return { rot };
}

const upperArmLength = 0.27;
const lowerArmLength = 0.25;

/**
 * An arm that puts its wrist at `wrist` (figure coordinates as if the chest were upright), the
 * elbow bending towards `pole`.
 */
function reach(side: Side, wrist: V3, pole: V3, twist = 0, hand?: Quaternion): Pose {
  const shoulder = at(`UpperArm.${side}`);
  const target = new Vector3(...wrist);
  const toTarget = target.clone().sub(shoulder);
  const d = Math.min(toTarget.length(), upperArmLength + lowerArmLength - 1e-4);
  const dir = toTarget.normalize();
  const a = (upperArmLength ** 2 - lowerArmLength ** 2 + d * d) / (2 * d);
  const h = Math.sqrt(Math.max(0, upperArmLength ** 2 - a * a));
  const bend = new Vector3(...pole);
  bend.sub(dir.clone().multiplyScalar(bend.dot(dir))).normalize();
  const elbow = shoulder.clone().add(dir.clone().multiplyScalar(a)).add(bend.multiplyScalar(h));
  const end = shoulder.clone().add(dir.clone().multiplyScalar(d));
  return arm(side, elbow.clone().sub(shoulder), end.sub(elbow), twist, hand);
}

/** A leg bent: thigh forward by `thigh`, knee by `knee` (both degrees), foot turned by `foot`. */
function leg(side: Side, thigh: number, knee: number, foot = -(thigh - knee), spread = 0): Pose {
  return {
    rot: {
      [`UpperLeg.${side}`]: deg(thigh, 0, sign(side) * spread),
      [`LowerLeg.${side}`]: deg(-knee),
      [`Foot.${side}`]: deg(foot),
    },
  };
}

/** Both legs in a squat of `a` degrees (thighs forward, knees twice as much), feet flat, grounded. */
const squat = (a: number, spread = 0): Pose =>
  pose(leg('L', a, 2 * a, a, spread), leg('R', a, 2 * a, a, spread), { rot: {}, ground: true });

/** Arms relaxed down at the sides, slightly out, elbows a little bent. */
const relaxed = (side: Side, out = 6, elbow = 10): Pose =>
  arm(
    side,
    v(sign(side) * Math.sin(MathUtils.degToRad(out)), -1, 0),
    v(sign(side) * 0.08, -1, -Math.tan(MathUtils.degToRad(elbow))),
  );

const spine = (x: number, y = 0, z = 0): Pose => ({ rot: { Spine: deg(x, y, z) } });
const chest = (x: number, y = 0, z = 0): Pose => ({ rot: { Chest: deg(x, y, z) } });
const headTurn = (x: number, y = 0, z = 0): Pose => ({ rot: { Head: deg(x, y, z) } });
const hips = (x: number, y = 0, z = 0, offset: V3 = [0, 0, 0]): Pose => ({
  rot: { Hips: deg(x, y, z) },
  hips: offset,
});
const hand = (x: number, y = 0, z = 0) => deg(x, y, z);

const cycle = (t: number, period: number, phase = 0) => Math.sin((t / period + phase) * 2 * Math.PI);

/** Key times every `step` seconds from 0 to `duration`. */
const steps = (duration: number, step: number) =>
  Array.from({ length: Math.round(duration / step) + 1 }, (_, i) => Math.round(i * step * 1e4) / 1e4);

function idle(): Key[] {
  const period = 3;
  return steps(period, 0.375).map((t) => {
    const breath = cycle(t, period);
    const sway = cycle(t, period, 0.25);
    const look = cycle(t, period, 0.6);
    return {
      t,
      pose: pose(
        spine(-0.8 * breath, 0, -1 * sway),
        chest(1.5 * breath, 1.5 * look, -0.5 * sway),
        relaxed('L', 5 + 1.5 * breath, 9 + 2 * breath),
        relaxed('R', 5 + 1.5 * breath, 9 + 2 * breath),
        headTurn(1.5 * look - 1 * breath, 5 * look, 1.5 * sway),
      ),
    };
  });
}

function walk(): Key[] {
  const period = 1;
  return steps(period, 0.125).map((t) => {
    const s = cycle(t, period);
    const swingL = Math.max(0, cycle(t, period, 0.25)) ** 1.5;
    const swingR = Math.max(0, cycle(t, period, 0.75)) ** 1.5;
    const thighL = 24 * s;
    const thighR = -24 * s;
    const kneeL = 6 + 52 * swingL;
    const kneeR = 6 + 52 * swingR;
    const footAngle = (thigh: number, knee: number) => 0.4 * thigh - (thigh - knee);
    const armL = -20 * s;
    const armR = 20 * s;
    return {
      t,
      pose: pose(
        hips(0, -6 * s, -2 * cycle(t, period / 2, 0.25)),
        leg('L', thighL, kneeL, footAngle(thighL, kneeL)),
        leg('R', thighR, kneeR, footAngle(thighR, kneeR)),
        spine(-3, 3 * s),
        chest(0, 7 * s),
        headTurn(1, -4 * s),
        arm(
          'L',
          v(-0.06, -Math.cos(MathUtils.degToRad(armL)), -Math.sin(MathUtils.degToRad(armL))),
          v(-0.06, -1, -0.2 - 0.6 * Math.max(0, -s)),
        ),
        arm(
          'R',
          v(0.06, -Math.cos(MathUtils.degToRad(armR)), -Math.sin(MathUtils.degToRad(armR))),
          v(0.06, -1, -0.2 - 0.6 * Math.max(0, s)),
        ),
        { rot: {}, ground: true },
      ),
    };
  });
}

function wave(): Key[] {
  // The right arm up and out, the forearm up; the forearm and hand rock in the frontal plane.
  const raised = (rock: number) =>
    pose(
      arm(
        'R',
        v(1, 0.3, -0.15),
        v(Math.sin(MathUtils.degToRad(rock)), Math.cos(MathUtils.degToRad(rock)), -0.15),
        0,
        hand(0, 0, rock * 0.6),
      ),
      relaxed('L', 6, 12),
      chest(0, 8, -5),
      headTurn(-4, -6, 6),
    );
  const keys: Key[] = [
    { t: 0, pose: rest },
    { t: 0.4, pose: raised(0) },
  ];
  const rocks = [28, -22, 28, -22, 28, -22];
  rocks.forEach((r, i) => keys.push({ t: 0.65 + i * 0.25, pose: raised(r) }));
  keys.push({ t: 2.15, pose: pose(relaxed('R', 8, 30), relaxed('L', 4, 8)) }, { t: 2.5, pose: rest });
  return keys;
}

function clap(): Key[] {
  const apart = (open: number) =>
    pose(
      reach('L', [-0.087 - open, 1.22, -0.34], [-0.5, -1, 0.3]),
      reach('R', [0.087 + open, 1.22, -0.34], [0.5, -1, 0.3]),
      chest(-4),
      headTurn(-3),
    );
  const keys: Key[] = [
    { t: 0, pose: rest },
    { t: 0.35, pose: apart(0.12) },
  ];
  for (let i = 0; i < 5; i++) {
    keys.push({ t: 0.52 + i * 0.3, pose: pose(apart(0), chest(-2), headTurn(4)) });
    keys.push({ t: 0.67 + i * 0.3, pose: apart(0.12) });
  }
  keys.push({ t: 2.3, pose: rest });
  return keys;
}

function thumbsUp(): Key[] {
  const thumb = (forward: number) =>
    pose(
      arm('R', v(0.05, -0.45, -1), v(-0.05, 0.1 + forward, -1)),
      relaxed('L', 6, 14),
      chest(-5 - 3 * forward, 10, 0),
      headTurn(4, 0, 8 * forward),
    );
  return [
    { t: 0, pose: rest },
    { t: 0.4, pose: thumb(0.15) },
    { t: 0.6, pose: thumb(0.35) },
    { t: 1.0, pose: thumb(0.25) },
    { t: 1.5, pose: thumb(0.3) },
    { t: 1.8, pose: thumb(0.25) },
    { t: 2.2, pose: rest },
  ];
}

function backflip(): Key[] {
  const tuck = pose(
    leg('L', 110, 130, 20),
    leg('R', 110, 130, 20),
    spine(-15),
    arm('R', v(0.2, -0.3, -1), v(0.1, -1, -0.4)),
    arm('L', v(-0.2, -0.3, -1), v(-0.1, -1, -0.4)),
  );
  const armsUp = pose(
    arm('R', v(0.3, 1, -0.35), v(0.3, 1, -0.2)),
    arm('L', v(-0.3, 1, -0.35), v(-0.3, 1, -0.2)),
  );
  const armsBack = pose(
    arm('R', v(0.15, -0.6, 1), v(0.1, -0.5, 1)),
    arm('L', v(-0.15, -0.6, 1), v(-0.1, -0.5, 1)),
  );
  return [
    { t: 0, pose: rest },
    { t: 0.3, pose: pose(squat(42), spine(-20), armsBack, { rot: {}, hips: [0, 0, 0.06] }) },
    { t: 0.48, pose: pose(hips(25, 0, 0, [0, 0.25, 0]), armsUp, spine(8)) },
    { t: 0.66, pose: pose(hips(100, 0, 0, [0, 0.7, 0.03]), tuck) },
    { t: 0.84, pose: pose(hips(190, 0, 0, [0, 0.85, 0.05]), tuck) },
    { t: 1.02, pose: pose(hips(280, 0, 0, [0, 0.65, 0.03]), tuck) },
    { t: 1.2, pose: pose(hips(340, 0, 0, [0, 0.25, 0]), leg('L', 25, 30), leg('R', 25, 30), armsUp) },
    {
      t: 1.38,
      pose: pose(
        squat(45),
        spine(-25),
        arm('R', v(0.5, -0.2, -1), v(0.5, 0, -1)),
        arm('L', v(-0.5, -0.2, -1), v(-0.5, 0, -1)),
        {
          rot: {},
          hips: [0, 0, 0.05],
        },
      ),
    },
    { t: 1.7, pose: pose(squat(15), spine(-6), relaxed('L', 12, 20), relaxed('R', 12, 20)) },
    { t: 2.1, pose: rest },
  ];
}

function victory(): Key[] {
  const vee = (lift: number) =>
    pose(
      arm('R', v(0.62, 0.78, -0.08), v(0.55 - lift, 0.84, -0.1)),
      arm('L', v(-0.62, 0.78, -0.08), v(-0.55 + lift, 0.84, -0.1)),
      chest(9),
      headTurn(12),
    );
  return [
    { t: 0, pose: rest },
    { t: 0.3, pose: pose(squat(25), chest(-10), relaxed('L', 15, 60), relaxed('R', 15, 60)) },
    { t: 0.52, pose: pose(vee(0), hips(0, 0, 0, [0, 0.16, 0]), leg('L', 0, 8, -20), leg('R', 0, 8, -20)) },
    { t: 0.75, pose: pose(vee(0.1), squat(14)) },
    { t: 1.05, pose: pose(vee(0), { rot: {}, ground: true }) },
    { t: 1.3, pose: pose(vee(0.15), squat(8)) },
    { t: 1.6, pose: pose(vee(0), { rot: {}, ground: true }) },
    { t: 2.0, pose: rest },
  ];
}

function fingerGuns(): Key[] {
  const aimed = (recoilL: number, recoilR: number) =>
    pose(
      arm('R', v(0.25, -0.25, -1), v(0.1, 0.05 + recoilR, -1)),
      arm('L', v(-0.25, -0.25, -1), v(-0.1, 0.05 + recoilL, -1)),
      chest(-4 + 3 * (recoilL + recoilR), 0, 4 * (recoilL - recoilR)),
      headTurn(-3, 0, 10),
    );
  return [
    { t: 0, pose: rest },
    { t: 0.35, pose: aimed(0, 0) },
    { t: 0.55, pose: aimed(0, 0) },
    { t: 0.65, pose: aimed(0, 0.45) },
    { t: 0.85, pose: aimed(0, 0) },
    { t: 0.95, pose: aimed(0.45, 0) },
    { t: 1.15, pose: aimed(0, 0) },
    { t: 1.25, pose: aimed(0.4, 0.4) },
    { t: 1.6, pose: aimed(0, 0) },
    { t: 2.0, pose: rest },
  ];
}

function crazy(): Key[] {
  // Arms windmill in opposite directions; the head shakes; the knees wobble.
  const step = 0.15;
  const times = steps(2.4, step);
  return times.map((t, i) => {
    if (i === 0 || i === times.length - 1) return { t, pose: rest };
    const a = (i - 1) * (Math.PI / 4);
    const wind = (side: Side, angle: number) => {
      const d = v(sign(side) * 0.45, -Math.cos(angle), -Math.sin(angle));
      return arm(side, d, d.clone().add(v(0, 0, -0.25)), 0, hand(0, 0, sign(side) * 20));
    };
    const shake = i % 2 ? 1 : -1;
    return {
      t,
      pose: pose(
        wind('L', a),
        wind('R', -a + Math.PI),
        headTurn(8 * Math.sin(a), 40 * shake, 10 * shake),
        chest(-4, -8 * shake, 5 * Math.sin(a)),
        hips(0, 6 * shake, 0),
        leg('L', 12 + 10 * shake, 24 + 20 * shake, undefined, 8),
        leg('R', 12 - 10 * shake, 24 - 20 * shake, undefined, 8),
        { rot: {}, ground: true },
      ),
    };
  });
}

function macarena(): Key[] {
  const L: Side = 'L';
  const R: Side = 'R';
  const forward = (side: Side, palmUp: boolean) =>
    arm(
      side,
      v(sign(side) * 0.1, -0.06, -1),
      v(sign(side) * 0.05, -0.02, -1),
      sign(side) * (palmUp ? -90 : 90),
    );
  const toShoulder = (side: Side) =>
    reach(side, [-sign(side) * 0.1, 1.36, -0.15], [sign(side), -0.8, -0.2], 0);
  const behindHead = (side: Side) => reach(side, [sign(side) * 0.12, 1.66, 0.06], [sign(side), 0.3, -0.3], 0);
  const toHip = (side: Side) => reach(side, [-sign(side) * 0.05, 1.02, -0.17], [sign(side), -0.3, -0.5], 0);
  const onBottom = (side: Side) => reach(side, [sign(side) * 0.12, 0.98, 0.16], [sign(side), 0, 1], 0);
  const stand = pose(squat(6));
  const sequence: [Pose, Pose][] = [
    [forward(R, false), relaxed(L)],
    [forward(R, false), forward(L, false)],
    [forward(R, true), forward(L, false)],
    [forward(R, true), forward(L, true)],
    [toShoulder(R), forward(L, true)],
    [toShoulder(R), toShoulder(L)],
    [behindHead(R), toShoulder(L)],
    [behindHead(R), behindHead(L)],
    [toHip(R), behindHead(L)],
    [toHip(R), toHip(L)],
    [onBottom(R), toHip(L)],
    [onBottom(R), onBottom(L)],
  ];
  const keys: Key[] = [{ t: 0, pose: rest }];
  sequence.forEach(([right, left], i) =>
    keys.push({
      t: Math.round((0.2 + i * 0.19) * 1e4) / 1e4,
      pose: pose(stand, right, left, headTurn(0, i % 2 ? 4 : -4)),
    }),
  );
  const wiggle = (s: number) =>
    pose(
      onBottom(R),
      onBottom(L),
      hips(0, 8 * s, 9 * s),
      leg('L', 8, 16 + 12 * s, undefined, -9 * s),
      leg('R', 8, 16 - 12 * s, undefined, 9 * s),
      chest(0, -5 * s, -10 * s),
      { rot: {}, ground: true },
    );
  keys.push({ t: 2.47, pose: wiggle(1) }, { t: 2.64, pose: wiggle(-1) }, { t: 2.95, pose: rest });
  return keys;
}

function hipHop(): Key[] {
  // Bounces on the beat (0.6 s), fists pumping in turn, the head nodding, the shoulders rocking.
  const beat = 0.6;
  const keys: Key[] = [{ t: 0, pose: rest }];
  const pump = (side: Side, up: boolean) =>
    up
      ? arm(side, v(sign(side) * 0.5, 0.1, -0.6), v(sign(side) * 0.15, 1, -0.25))
      : arm(side, v(sign(side) * 0.35, -0.8, 0.15), v(sign(side) * 0.1, 0.25, -1));
  for (let b = 0; b < 4; b++) {
    const s = b % 2 ? 1 : -1;
    const left = s > 0;
    keys.push({
      t: Math.round((0.15 + b * beat) * 1e4) / 1e4,
      pose: pose(
        squat(28, 6),
        chest(-16, 16 * s, 4 * s),
        headTurn(-24, -6 * s),
        pump('L', left),
        pump('R', !left),
        hips(0, -6 * s, 0, [0.03 * s, 0, 0]),
      ),
    });
    keys.push({
      t: Math.round((0.45 + b * beat) * 1e4) / 1e4,
      pose: pose(
        squat(8, 6),
        chest(-3, 6 * s, -2 * s),
        headTurn(10, -2 * s),
        pump('L', false),
        pump('R', false),
        hips(0, -2 * s, 0),
      ),
    });
  }
  keys.push({ t: 2.65, pose: rest });
  return keys;
}

const emoteClips: Record<Emote, () => Key[]> = {
  Wave: wave,
  Clap: clap,
  'Thumbs up': thumbsUp,
  Backflip: backflip,
  Victory: victory,
  'Finger Guns': fingerGuns,
  Crazy: crazy,
  Macarena: macarena,
  'Hip Hop': hipHop,
};

// ---------------------------------------------------------------------------------------------
// Forward kinematics (to stand poses on the ground)
// ---------------------------------------------------------------------------------------------

/** The joints' world matrices in a pose. */
export function worldMatrices(p: Pose): Map<JointName, Matrix4> {
  const out = new Map<JointName, Matrix4>();
  for (const name of jointNames) {
    const t = restTranslation(name);
    if (name === 'Hips' && p.hips) for (let i = 0; i < 3; i++) t[i] += p.hips[i];
    const local = new Matrix4().compose(
      new Vector3(...t),
      p.rot[name] ?? new Quaternion(),
      new Vector3(1, 1, 1),
    );
    const parent = skeleton[name].parent;
    out.set(name, parent ? out.get(parent)!.clone().multiply(local) : local);
  }
  return out;
}

/** The corners of the soles, relative to the foot joints. */
const soleCorners = (side: Side): Vector3[] => {
  const ankle = at(`Foot.${side}`);
  return [
    [-0.055, -0.17],
    [0.055, -0.17],
    [-0.055, 0.065],
    [0.055, 0.065],
  ].map(([dx, z]) => new Vector3(dx, -ankle.y, z));
};

/** The pose with its hips lowered or raised so the lowest sole corner is on y = 0. */
function grounded(p: Pose): Pose {
  if (!p.ground) return p;
  const matrices = worldMatrices(p);
  let lowest = Infinity;
  for (const side of ['L', 'R'] as const) {
    for (const c of soleCorners(side))
      lowest = Math.min(lowest, c.applyMatrix4(matrices.get(`Foot.${side}`)!).y);
  }
  const h = p.hips ?? [0, 0, 0];
  return { rot: p.rot, hips: [h[0], h[1] - lowest, h[2]] };
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

const tidy = (x: number) => {
  const r = Math.round(x * 1e6) / 1e6;
  return r === 0 ? 0 : r; // no -0
};

export interface ClipSpec {
  name: string;
  keys: Key[];
}

/** The clips, in the GLB's order: Idle, Walk, then the emotes in the order of `emotes`. */
export function clipSpecs(): ClipSpec[] {
  return [
    { name: avatarClips.idle, keys: idle() },
    { name: avatarClips.walk, keys: walk() },
    ...emotes.map((name) => ({ name, keys: emoteClips[name]() })),
  ];
}

function addClip(
  doc: Document,
  buffer: ReturnType<Document['createBuffer']>,
  nodes: Map<JointName, GltfNode>,
  clip: ClipSpec,
) {
  const keys = clip.keys.map((k) => ({ t: k.t, pose: grounded(k.pose) }));
  for (let i = 1; i < keys.length; i++) {
    if (!(keys[i].t > keys[i - 1].t)) throw new Error(`${clip.name}: key times must increase`);
  }
  const animation = doc.createAnimation(clip.name);
  const input = doc
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Float32Array(keys.map((k) => k.t)))
    .setBuffer(buffer);
  const channel = (node: GltfNode, pathName: 'rotation' | 'translation', output: Accessor) => {
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation('LINEAR');
    animation.addSampler(sampler);
    animation.addChannel(
      doc.createAnimationChannel().setTargetNode(node).setTargetPath(pathName).setSampler(sampler),
    );
  };
  const identity = new Quaternion();
  for (const name of jointNames) {
    const rotations = keys.map((k) => (k.pose.rot[name] ?? identity).clone().normalize());
    if (rotations.every((q) => Math.abs(q.w) > 1 - 1e-9)) continue;
    // Keep neighbouring keys in the same hemisphere so that every player takes the short way.
    for (let i = 1; i < rotations.length; i++) {
      const [a, b] = [rotations[i - 1], rotations[i]];
      if (a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w < 0) b.set(-b.x, -b.y, -b.z, -b.w);
    }
    // Normalised 16-bit components (glTF 2.0 allows them for rotations): half the bytes of floats.
    const values = new Int16Array(
      rotations.flatMap((q) => [q.x, q.y, q.z, q.w].map((x) => Math.round(x * 32767))),
    );
    const output = doc
      .createAccessor()
      .setType('VEC4')
      .setArray(values)
      .setNormalized(true)
      .setBuffer(buffer);
    channel(nodes.get(name)!, 'rotation', output);
  }
  const offsets = keys.map((k) => k.pose.hips ?? [0, 0, 0]);
  if (offsets.some((o) => o.some((x) => Math.abs(x) > 1e-6))) {
    const base = restTranslation('Hips');
    const values = new Float32Array(offsets.flatMap((o) => o.map((x, i) => tidy(base[i] + x))));
    channel(
      nodes.get('Hips')!,
      'translation',
      doc.createAccessor().setType('VEC3').setArray(values).setBuffer(buffer),
    );
  }
}

/** Builds the avatar and returns the GLB's bytes (the same on every run). */
export async function buildAvatar(): Promise<Uint8Array> {
  geometry.positions.length = 0;
  geometry.normals.length = 0;
  geometry.colours.length = 0;
  geometry.joints.length = 0;
  geometry.indices.length = 0;
  buildMesh();

  const doc = new Document();
  doc.getRoot().getAsset().generator = 'scripts/avatar/make-avatar.ts';
  const buffer = doc.createBuffer();
  const vertexCount = geometry.positions.length / 3;

  const material = doc
    .createMaterial('Body')
    .setBaseColorFactor([1, 1, 1, 1])
    .setMetallicFactor(0)
    .setRoughnessFactor(0.7);
  const attribute = (type: 'VEC3' | 'VEC4', array: Float32Array | Uint8Array) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const joints = new Uint8Array(vertexCount * 4);
  const weights = new Float32Array(vertexCount * 4);
  geometry.joints.forEach((j, i) => {
    joints[i * 4] = j;
    weights[i * 4] = 1;
  });
  const primitive = doc
    .createPrimitive()
    .setMaterial(material)
    .setIndices(
      doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(geometry.indices)).setBuffer(buffer),
    )
    .setAttribute('POSITION', attribute('VEC3', new Float32Array(geometry.positions.map(tidy))))
    .setAttribute('NORMAL', attribute('VEC3', new Float32Array(geometry.normals.map(tidy))))
    .setAttribute('COLOR_0', attribute('VEC3', new Float32Array(geometry.colours)))
    .setAttribute('JOINTS_0', attribute('VEC4', joints))
    .setAttribute('WEIGHTS_0', attribute('VEC4', weights));
  const mesh = doc.createMesh('Avatar').addPrimitive(primitive);

  const root = doc.createNode('Avatar');
  const nodes = new Map<JointName, GltfNode>();
  for (const name of jointNames) {
    const node = doc.createNode(name).setTranslation(restTranslation(name));
    nodes.set(name, node);
    const parent = skeleton[name].parent;
    (parent ? nodes.get(parent)! : root).addChild(node);
  }
  const inverseBind = new Float32Array(
    jointNames.flatMap((name) => {
      const [x, y, z] = skeleton[name].at;
      return new Matrix4().makeTranslation(-x, -y, -z).toArray().map(tidy);
    }),
  );
  const skin = doc
    .createSkin('Avatar')
    .setSkeleton(nodes.get('Hips')!)
    .setInverseBindMatrices(doc.createAccessor().setType('MAT4').setArray(inverseBind).setBuffer(buffer));
  for (const name of jointNames) skin.addJoint(nodes.get(name)!);
  root.addChild(doc.createNode('Body').setMesh(mesh).setSkin(skin));
  doc.createScene('Avatar').addChild(root);

  for (const clip of clipSpecs()) addClip(doc, buffer, nodes, clip);

  return new NodeIO().writeBinary(doc);
}

const output = fileURLToPath(new URL('../../public/avatars/avatar.glb', import.meta.url));

async function main() {
  const bytes = await buildAvatar();
  await mkdir(path.dirname(output), { recursive: true });
  await writeFile(output, bytes);
  console.log(`${path.relative(process.cwd(), output)}: ${bytes.byteLength} bytes`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
