import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Box3, BoxGeometry, Mesh, MeshStandardMaterial, type Object3D, Vector3 } from 'three';
import { documentFromThree } from './fromThree';
import { encodeGlb } from './glb';
import { sculptures } from './sculptures';

/** Writes the sculptures and the inspector's known-size box as GLB files, checking each one. */

export interface ModelAsset {
  name: string;
  title: string;
  /** Path under public/. */
  file: string;
  /** The url the gallery document uses. */
  uri: string;
  /** Size of the bounding box in metres: [x, y, z]. */
  size: [number, number, number];
  triangles: number;
  /** Names of the animation clips. */
  clips: string[];
}

const maxBytes = 80 * 1024;
const maxTriangles = 5000;

/** Moves `root` so that its bounding box stands on y = 0, centred on the origin. */
function standOnOrigin(root: Object3D): Box3 {
  const box = new Box3().setFromObject(root, true);
  const centre = box.getCenter(new Vector3());
  root.position.x -= centre.x;
  root.position.z -= centre.z;
  root.position.y -= box.min.y;
  root.updateMatrixWorld(true);
  return new Box3().setFromObject(root, true);
}

function triangleCount(root: Object3D): number {
  let count = 0;
  root.traverse((object) => {
    if (object instanceof Mesh) {
      const geometry = object.geometry;
      count += (geometry.index ? geometry.index.count : geometry.getAttribute('position').count) / 3;
    }
  });
  return count;
}

/** The inspector's test asset: exactly 2 × 1 × 0.5 m, 12 triangles, one mesh, one material. */
export function knownBox(): Mesh {
  const geometry = new BoxGeometry(2, 1, 0.5);
  geometry.translate(0, 0.5, 0);
  const mesh = new Mesh(
    geometry,
    new MeshStandardMaterial({ name: 'grey', color: '#9a9a9a', roughness: 0.8 }),
  );
  mesh.name = 'box-2x1x0.5';
  return mesh;
}

export async function writeModels(publicDir: string): Promise<ModelAsset[]> {
  await mkdir(path.join(publicDir, 'demo/models'), { recursive: true });
  const entries = [
    ...sculptures(),
    { name: 'box-2x1x0.5', title: 'Box 2 × 1 × 0.5 m', root: knownBox(), clips: [] },
  ];
  const assets: ModelAsset[] = [];
  for (const entry of entries) {
    const box = standOnOrigin(entry.root);
    const size = box
      .getSize(new Vector3())
      .toArray()
      .map((v) => Math.round(v * 1000) / 1000) as ModelAsset['size'];
    const triangles = triangleCount(entry.root);
    const bytes = encodeGlb(documentFromThree(entry.root, entry.clips));
    const file = `demo/models/${entry.name}.glb`;
    const problems = [
      size[1] < 0.4 || size[1] > 1.8 ? `is ${size[1]} m tall (0.4–1.8 m expected)` : '',
      bytes.byteLength > maxBytes ? `is ${bytes.byteLength} bytes (at most ${maxBytes})` : '',
      triangles > maxTriangles ? `has ${triangles} triangles (at most ${maxTriangles})` : '',
    ].filter(Boolean);
    if (problems.length) throw new Error(`${file} ${problems.join(', ')}`);
    await writeFile(path.join(publicDir, file), bytes);
    assets.push({
      name: entry.name,
      title: entry.title,
      file,
      uri: `/${file}`,
      size,
      triangles,
      clips: entry.clips.map((clip) => clip.name),
    });
  }
  return assets;
}
