// Writes the engine's generated surface maps (src/engine/web/build/surfaceTextures.ts) as PNG
// files into docs/materials/, to look at them and to use them elsewhere. The engine makes the same
// maps itself when it builds a room, so nothing here is downloaded by visitors.
//
//   node --import tsx scripts/generate-materials.ts [size]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { generateSurface, surfaceKinds } from '../src/engine/web/build/surfaceTextures';

const size = Number(process.argv[2] ?? 256);
const outDir = path.resolve('docs/materials');
mkdirSync(outDir, { recursive: true });

for (const kind of surfaceKinds) {
  const maps = generateSurface(kind, size);
  for (const map of ['colour', 'normal', 'roughness'] as const) {
    const file = path.join(outDir, `${kind}-${map}.png`);
    await sharp(Buffer.from(maps[map]), { raw: { width: size, height: size, channels: 4 } })
      .removeAlpha()
      .png({ compressionLevel: 9, palette: map === 'roughness' })
      .toFile(file);
    console.log(file);
  }
}
