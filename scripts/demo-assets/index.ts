import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { SceneContentInput } from '../../contracts/sceneContent';
import { writeChair } from './chair';
import { buildEmptyRoom } from './emptyRoom';
import { buildGallery, validated } from './gallery';
import { writeModels } from './models';
import { writePictures } from './pictures';
import { writeVideo } from './video';

/**
 * Generates public/demo: the pictures, models, video and the two scene documents of the demo
 * gallery. Run with `npm run demo-assets`; the same inputs give the same bytes (see README.md).
 */

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
const demoDir = path.join(publicDir, 'demo');
const maxTotalBytes = 2.5 * 1024 * 1024;

/** Written as prettier formats JSON, so `npm run lint` (prettier --check) accepts the files. */
async function writeDocument(file: string, doc: SceneContentInput): Promise<void> {
  validated(file, doc);
  const target = path.join(demoDir, file);
  const options = (await resolveConfig(target)) ?? {};
  await writeFile(target, await format(JSON.stringify(doc), { ...options, filepath: target }));
}

async function filesUnder(dir: string): Promise<{ file: string; size: number }[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  const sized = await Promise.all(files.map(async (file) => ({ file, size: (await stat(file)).size })));
  return sized.sort((a, b) => a.file.localeCompare(b.file));
}

async function main() {
  // Start from a clean slate so renamed or dropped assets do not linger (the video is kept:
  // without ffmpeg it cannot be made again).
  for (const generated of ['pictures', 'models', 'gallery.json', 'empty-room.json']) {
    await rm(path.join(demoDir, generated), { recursive: true, force: true });
  }
  const pictures = await writePictures(publicDir);
  const models = await writeModels(publicDir);
  const chair = await writeChair(publicDir);
  const videoUri = await writeVideo(publicDir);
  await writeDocument('gallery.json', buildGallery({ pictures, models, chair, videoUri }));
  await writeDocument('empty-room.json', buildEmptyRoom());

  const files = await filesUnder(demoDir);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const largestPicture = Math.max(...files.filter((f) => f.file.endsWith('.jpg')).map((f) => f.size));
  for (const f of files.filter((f) => !f.file.endsWith('.jpg'))) {
    console.log(`${path.relative(publicDir, f.file).padEnd(40)} ${kb(f.size)}`);
  }
  console.log(`${pictures.length} pictures, the largest ${kb(largestPicture)}`);
  console.log(`public/demo: ${files.length} files, ${kb(total)}`);
  if (total > maxTotalBytes)
    throw new Error(`public/demo is ${kb(total)}; keep it under ${kb(maxTotalBytes)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
