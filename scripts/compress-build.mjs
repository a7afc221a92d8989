// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the built web app,
// which the server sends to browsers that accept them (@fastify/static's `preCompressed`): the
// scripts of a first visit shrink to about a quarter, with no compression work per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/spa');
const compressible = /\.(js|mjs|css|svg|json|wasm|txt|map)$/i;
/** Below this, the headers cost more than compression saves. */
const smallest = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(root)) {
  if ((await stat(file)).size < smallest) continue;
  const bytes = await readFile(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  // Only copies that are smaller are kept: the server then sends the original.
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  const gz = gzipSync(bytes, { level: 9 });
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
  count++;
  before += bytes.length;
  after += Math.min(br.length, bytes.length);
}
console.log(
  `compressed ${count} files: ${(before / 1048576).toFixed(2)} MB → ${(after / 1048576).toFixed(2)} MB with Brotli`,
);
