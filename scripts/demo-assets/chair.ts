import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BoxGeometry } from 'three';

/**
 * A simple chair as Wavefront OBJ with a material library (MTL): a wooden frame and a fabric seat
 * and back, so the OBJ + MTL loading path has two materials to resolve. Origin at the bottom
 * centre, the seat's front towards +z, 0.98 m tall.
 */

interface Part {
  name: string;
  material: 'wood' | 'fabric';
  /** Size and centre in metres. */
  size: [number, number, number];
  centre: [number, number, number];
}

const legHeight = 0.45;
const seatTop = 0.5;
const parts: Part[] = [
  ...[
    [-0.2, 0.18],
    [0.2, 0.18],
    [-0.2, -0.18],
    [0.2, -0.18],
  ].map(([x, z], i): Part => ({
    name: `leg-${i}`,
    material: 'wood',
    size: [0.04, legHeight, 0.04],
    centre: [x, legHeight / 2, z],
  })),
  { name: 'seat-frame', material: 'wood', size: [0.46, 0.03, 0.42], centre: [0, legHeight + 0.015, 0] },
  { name: 'cushion', material: 'fabric', size: [0.42, 0.02, 0.38], centre: [0, seatTop - 0.01, 0.01] },
  {
    name: 'back-post-left',
    material: 'wood',
    size: [0.04, 0.46, 0.04],
    centre: [-0.2, seatTop + 0.23, -0.18],
  },
  {
    name: 'back-post-right',
    material: 'wood',
    size: [0.04, 0.46, 0.04],
    centre: [0.2, seatTop + 0.23, -0.18],
  },
  { name: 'back-rest', material: 'fabric', size: [0.36, 0.28, 0.025], centre: [0, seatTop + 0.24, -0.18] },
  { name: 'top-rail', material: 'wood', size: [0.46, 0.05, 0.05], centre: [0, 0.955, -0.18] },
];

const materials = `# Materials for chair.obj (Spaces demo assets)
newmtl wood
Ka 0.000 0.000 0.000
Kd 0.545 0.353 0.196
Ks 0.100 0.100 0.100
Ns 30
d 1
illum 2

newmtl fabric
Ka 0.000 0.000 0.000
Kd 0.180 0.420 0.400
Ks 0.020 0.020 0.020
Ns 5
d 1
illum 2
`;

const f = (v: number) => (Math.round(v * 1e4) / 1e4).toFixed(4);

function objText(): string {
  const lines = ['# A simple chair (Spaces demo assets)', 'mtllib chair.mtl'];
  let vertexBase = 1;
  for (const part of parts) {
    const box = new BoxGeometry(...part.size);
    box.translate(...part.centre);
    const positions = box.getAttribute('position');
    const normals = box.getAttribute('normal');
    const index = box.index!;
    lines.push(`o ${part.name}`, `usemtl ${part.material}`);
    for (let i = 0; i < positions.count; i++) {
      lines.push(`v ${f(positions.getX(i))} ${f(positions.getY(i))} ${f(positions.getZ(i))}`);
    }
    for (let i = 0; i < normals.count; i++) {
      lines.push(`vn ${f(normals.getX(i))} ${f(normals.getY(i))} ${f(normals.getZ(i))}`);
    }
    // Positions and normals are listed in the same order, so both share one index per corner.
    for (let i = 0; i < index.count; i += 3) {
      const corner = (k: number) => {
        const v = vertexBase + index.getX(i + k);
        return `${v}//${v}`;
      };
      lines.push(`f ${corner(0)} ${corner(1)} ${corner(2)}`);
    }
    vertexBase += positions.count;
  }
  return `${lines.join('\n')}\n`;
}

export async function writeChair(publicDir: string): Promise<{ objUri: string; mtlUri: string }> {
  const dir = path.join(publicDir, 'demo/models');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'chair.obj'), objText());
  await writeFile(path.join(dir, 'chair.mtl'), materials);
  return { objUri: '/demo/models/chair.obj', mtlUri: '/demo/models/chair.mtl' };
}
