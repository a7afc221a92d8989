import {
  AnimationClip,
  BoxGeometry,
  CapsuleGeometry,
  CylinderGeometry,
  DoubleSide,
  ExtrudeGeometry,
  type BufferGeometry,
  Group,
  IcosahedronGeometry,
  LatheGeometry,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  Path,
  Quaternion,
  QuaternionKeyframeTrack,
  Shape,
  SphereGeometry,
  TorusGeometry,
  TorusKnotGeometry,
  Vector2,
  Vector3,
} from 'three';

/**
 * The ten demo sculptures, modelled with three.js geometries. Sizes are in metres; each is
 * between 0.4 and 1.8 m tall. models.ts moves each one so its origin is at the bottom centre.
 */

export interface Sculpture {
  /** File name without extension, and the gallery model id suffix. */
  name: string;
  title: string;
  root: Object3D;
  clips: AnimationClip[];
}

const material = (name: string, color: string, metalness: number, roughness: number) =>
  new MeshStandardMaterial({ name, color, metalness, roughness });

function part(
  name: string,
  geometry: BufferGeometry,
  mat: MeshStandardMaterial,
  position: [number, number, number] = [0, 0, 0],
  options: { rotation?: [number, number, number]; scale?: [number, number, number] } = {},
): Mesh {
  const mesh = new Mesh(geometry, mat);
  mesh.name = name;
  mesh.position.set(...position);
  if (options.rotation) mesh.rotation.set(...options.rotation);
  if (options.scale) mesh.scale.set(...options.scale);
  return mesh;
}

function group(name: string, ...children: Object3D[]): Group {
  const g = new Group();
  g.name = name;
  g.add(...children);
  return g;
}

const stone = () => material('stone', '#d9d4c7', 0, 0.85);
const bronze = () => material('bronze', '#b0793c', 0.9, 0.35);

function torusKnot(): Sculpture {
  const knot = new TorusKnotGeometry(0.26, 0.075, 110, 10, 2, 3);
  return {
    name: 'torus-knot',
    title: 'Endless Knot',
    root: group(
      'torus-knot',
      part('plinth', new CylinderGeometry(0.22, 0.24, 0.06, 32), stone(), [0, 0.03, 0]),
      part('knot', knot, material('gold', '#d4a73a', 1, 0.3), [0, 0.47, 0]),
    ),
    clips: [],
  };
}

function twistedColumn(): Sculpture {
  const shaft = new BoxGeometry(0.28, 1.5, 0.28, 1, 40, 1);
  // Turn each vertex about the vertical axis in proportion to its height: half a turn overall.
  const positions = shaft.getAttribute('position');
  const v = new Vector3();
  for (let i = 0; i < positions.count; i++) {
    v.fromBufferAttribute(positions, i);
    v.applyAxisAngle(new Vector3(0, 1, 0), ((v.y + 0.75) / 1.5) * Math.PI);
    positions.setXYZ(i, v.x, v.y, v.z);
  }
  shaft.computeVertexNormals();
  const marble = material('marble', '#f2efe9', 0, 0.4);
  return {
    name: 'twisted-column',
    title: 'Twisted Column',
    root: group(
      'twisted-column',
      part('base', new BoxGeometry(0.46, 0.08, 0.46), stone(), [0, 0.04, 0]),
      part('shaft', shaft, marble, [0, 0.83, 0]),
      part('capital', new BoxGeometry(0.4, 0.06, 0.4), stone(), [0, 1.61, 0]),
    ),
    clips: [],
  };
}

function stackedSpheres(): Sculpture {
  // One unit sphere, scaled per pebble, so the file holds the vertices once per colour.
  const sphere = new SphereGeometry(1, 20, 14);
  const colors = [material('clay', '#c8745a', 0, 0.6), material('sand', '#e6c79c', 0, 0.6)];
  const radii = [0.24, 0.19, 0.15, 0.11, 0.08];
  let y = 0;
  const pebbles = radii.map((r, i) => {
    const centre = y + r * 0.8;
    y = centre + r * 0.8;
    const squash = 0.8;
    return part(`pebble-${i}`, sphere, colors[i % 2], [(i % 2 ? 1 : -1) * 0.02, centre, 0], {
      scale: [r, r * squash, r],
    });
  });
  return {
    name: 'stacked-spheres',
    title: 'Pebble Tower',
    root: group('stacked-spheres', ...pebbles),
    clips: [],
  };
}

function arch(): Sculpture {
  const width = 1.0;
  const height = 1.4;
  const outline = new Shape()
    .moveTo(-width / 2, 0)
    .lineTo(width / 2, 0)
    .lineTo(width / 2, height)
    .lineTo(-width / 2, height)
    .lineTo(-width / 2, 0);
  const opening = new Path()
    .moveTo(-0.3, 0)
    .lineTo(0.3, 0)
    .lineTo(0.3, 0.8)
    .absarc(0, 0.8, 0.3, 0, Math.PI, false)
    .lineTo(-0.3, 0);
  outline.holes.push(opening);
  const geometry = new ExtrudeGeometry(outline, { depth: 0.2, bevelEnabled: false, curveSegments: 16 });
  geometry.translate(0, 0, -0.1);
  return {
    name: 'arch',
    title: 'Small Arch',
    root: group('arch', part('arch', geometry, material('terracotta', '#c1663f', 0, 0.8))),
    clips: [],
  };
}

function latheVase(): Sculpture {
  const profile = [
    [0, 0],
    [0.1, 0],
    [0.14, 0.08],
    [0.17, 0.2],
    [0.15, 0.32],
    [0.08, 0.44],
    [0.07, 0.5],
    [0.1, 0.56],
    [0.095, 0.56],
    [0.065, 0.5],
  ].map(([x, y]) => new Vector2(x, y));
  const glaze = new MeshStandardMaterial({
    name: 'glaze',
    color: '#2f6e9e',
    metalness: 0,
    roughness: 0.2,
    side: DoubleSide, // the open neck shows the inside
  });
  return {
    name: 'lathe-vase',
    title: 'Blue Vase',
    root: group('lathe-vase', part('vase', new LatheGeometry(profile, 40), glaze)),
    clips: [],
  };
}

function icosahedronCluster(): Sculpture {
  const crystal = new IcosahedronGeometry(1, 0);
  const colors = [material('amethyst', '#8e6fc1', 0.1, 0.25), material('quartz', '#e8e2f4', 0.1, 0.2)];
  const crystals: [number, number, number, number][] = [
    [0, 0.3, 0, 0.3],
    [0.25, 0.18, 0.08, 0.18],
    [-0.22, 0.16, 0.1, 0.16],
    [0.05, 0.14, -0.25, 0.14],
    [-0.1, 0.62, 0.02, 0.16],
    [0.12, 0.52, 0.12, 0.12],
    [-0.16, 0.1, -0.16, 0.1],
  ];
  const parts = crystals.map(([x, y, z, r], i) =>
    part(`crystal-${i}`, crystal, colors[i % 2], [x, y, z], {
      rotation: [i * 0.7, i * 1.3, i * 0.4],
      scale: [r, r, r],
    }),
  );
  return {
    name: 'icosahedron-cluster',
    title: 'Crystal Cluster',
    root: group('icosahedron-cluster', ...parts),
    clips: [],
  };
}

/** A standing mobile whose arms turn slowly: the animated demo model (clip "Spin"). */
function mobile(): Sculpture {
  const steel = material('steel', '#8a8f96', 0.9, 0.4);
  const paints = ['#e63946', '#f4a261', '#2a9d8f', '#1d3557'].map((c, i) =>
    material(`paint-${i}`, c, 0, 0.5),
  );
  const rod = new CylinderGeometry(1, 1, 1, 8);
  const disc = new CylinderGeometry(1, 1, 1, 24);
  const top = 1.5;
  const hanging = (name: string, x: number, z: number, drop: number, paint: MeshStandardMaterial) =>
    group(
      name,
      part(`${name}-wire`, rod, steel, [x, -drop / 2, z], { scale: [0.004, drop, 0.004] }),
      part(`${name}-disc`, disc, paint, [x, -drop - 0.09, z], {
        rotation: [Math.PI / 2, 0, 0],
        scale: [0.09, 0.015, 0.09],
      }),
    );
  const rotor = group(
    'rotor',
    part('arm-x', rod, steel, [0, 0, 0], { rotation: [0, 0, Math.PI / 2], scale: [0.01, 1.0, 0.01] }),
    part('arm-z', rod, steel, [0, 0, 0], { rotation: [Math.PI / 2, 0, 0], scale: [0.01, 0.7, 0.01] }),
    hanging('weight-east', 0.5, 0, 0.35, paints[0]),
    hanging('weight-west', -0.5, 0, 0.55, paints[1]),
    hanging('weight-north', 0, -0.35, 0.25, paints[2]),
    hanging('weight-south', 0, 0.35, 0.45, paints[3]),
  );
  rotor.position.set(0, top, 0);
  const turn = (degrees: number) =>
    new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), (degrees * Math.PI) / 180).toArray();
  // Five keys, a quarter turn apart: with only two, interpolation between 0° and 360° would not move.
  const spin = new AnimationClip('Spin', 12, [
    new QuaternionKeyframeTrack('rotor.quaternion', [0, 3, 6, 9, 12], [0, 90, 180, 270, 360].flatMap(turn)),
  ]);
  return {
    name: 'mobile',
    title: 'Turning Mobile',
    root: group(
      'mobile',
      part('base', disc, steel, [0, 0.015, 0], { scale: [0.25, 0.03, 0.25] }),
      part('pole', rod, steel, [0, top / 2, 0], { scale: [0.015, top, 0.015] }),
      part('cap', new SphereGeometry(0.03, 12, 8), steel, [0, top + 0.02, 0]),
      rotor,
    ),
    clips: [spin],
  };
}

function cubeStack(): Sculpture {
  const cube = new BoxGeometry(1, 1, 1);
  const colors = [
    material('lacquer-red', '#b23a48', 0.1, 0.35),
    material('lacquer-cream', '#f2e8cf', 0.1, 0.35),
  ];
  const sizes = [0.42, 0.34, 0.27, 0.21, 0.16];
  let y = 0;
  const cubes = sizes.map((s, i) => {
    const mesh = part(`cube-${i}`, cube, colors[i % 2], [0, y + s / 2, 0], {
      rotation: [0, (i * Math.PI) / 12, 0],
      scale: [s, s, s],
    });
    y += s;
    return mesh;
  });
  return { name: 'cube-stack', title: 'Cube Stack', root: group('cube-stack', ...cubes), clips: [] };
}

function ring(): Sculpture {
  const copper = material('copper', '#b87333', 1, 0.25);
  return {
    name: 'ring',
    title: 'Copper Ring',
    root: group(
      'ring',
      part('foot', new BoxGeometry(0.34, 0.08, 0.22), stone(), [0, 0.04, 0]),
      part('ring', new TorusGeometry(0.42, 0.06, 16, 72), copper, [0, 0.08 + 0.42 + 0.06 - 0.02, 0]),
    ),
    clips: [],
  };
}

function abstractFigure(): Sculpture {
  const plaster = material('plaster', '#ece6dc', 0, 0.7);
  // A capsule 1 m across and 2 m long, scaled per limb to [diameter, length / 2, depth].
  const limb = new CapsuleGeometry(0.5, 1, 6, 12);
  const tilt = 0.25;
  return {
    name: 'abstract-figure',
    title: 'Standing Figure',
    root: group(
      'abstract-figure',
      part('base', new CylinderGeometry(0.26, 0.28, 0.05, 32), bronze(), [0, 0.025, 0]),
      part('leg-left', limb, plaster, [-0.08, 0.48, 0], {
        rotation: [0, 0, 0.05],
        scale: [0.12, 0.43, 0.12],
      }),
      part('leg-right', limb, plaster, [0.08, 0.48, 0], {
        rotation: [0, 0, -0.05],
        scale: [0.12, 0.43, 0.12],
      }),
      part('body', limb, plaster, [0, 1.2, 0], { scale: [0.3, 0.36, 0.22] }),
      part('arm-left', limb, plaster, [-0.22, 1.18, 0], {
        rotation: [0, 0, -tilt],
        scale: [0.09, 0.3, 0.09],
      }),
      part('arm-right', limb, plaster, [0.22, 1.18, 0], { rotation: [0, 0, tilt], scale: [0.09, 0.3, 0.09] }),
      part('head', new SphereGeometry(0.11, 20, 14), plaster, [0, 1.64, 0.01]),
    ),
    clips: [],
  };
}

export function sculptures(): Sculpture[] {
  return [
    torusKnot(),
    twistedColumn(),
    stackedSpheres(),
    arch(),
    latheVase(),
    icosahedronCluster(),
    mobile(),
    cubeStack(),
    ring(),
    abstractFigure(),
  ];
}
