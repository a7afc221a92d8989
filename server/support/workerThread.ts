import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ESM register API (its `import` export; the `require` one cannot register hooks in a worker). */
function tsxRegisterUrl(from: string): string {
  const require = createRequire(from);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const target = exports['./esm/api']?.import?.default ?? './dist/esm/api/index.mjs';
  return pathToFileURL(path.join(path.dirname(manifest), target)).href;
}

const bootCode = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  if (workerData.boot.tsx) (await import(workerData.boot.tsx)).register();
  await import(workerData.boot.entry);
})().catch((error) => parentPort.postMessage({ bootError: String((error && error.stack) || error) }));`;

/**
 * Starts a worker thread on a sibling module of `from` (`./name.ts` in the sources, `./name.js`
 * once compiled), registering tsx first when the sources are TypeScript, so the same worker runs
 * under `node --import tsx`, under the test runner and compiled. The module reads its own data
 * from `workerData.data`; should it fail to load, it posts `{ bootError }`.
 */
export function startWorkerModule(
  from: string,
  name: string,
  data: unknown,
  options: WorkerOptions = {},
): Worker {
  const typescript = from.endsWith('.ts');
  const entry = new URL(`./${name}.${typescript ? 'ts' : 'js'}`, from).href;
  const tsx = typescript ? tsxRegisterUrl(from) : null;
  return new Worker(bootCode, { ...options, eval: true, workerData: { boot: { entry, tsx }, data } });
}
