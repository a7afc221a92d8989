import { type Document, Logger, type Transform } from '@gltf-transform/core';
import { dedup, meshopt, prune, resample, simplify, textureCompress, weld } from '@gltf-transform/functions';
import { MeshoptEncoder, MeshoptSimplifier } from 'meshoptimizer';
import sharp from 'sharp';
import { modelBudget, modelBudgetRows } from '../../../contracts/modelBudget';
import type { ModelBudgetCheck, ModelFigures } from '../../../contracts/modelIntake';
import { countTriangles, figuresOf } from './figures';

export type ModelBudget = { readonly [K in keyof typeof modelBudget]: number };

/** The figure each budget row holds a model to. */
const figureOf: Record<keyof typeof modelBudget, (f: ModelFigures) => number> = {
  maxTriangles: (f) => f.triangles,
  maxMaterials: (f) => f.materials,
  maxTextureMemoryBytes: (f) => f.textureMemoryBytes,
  maxTextureSide: (f) => f.largestTextureSide,
  maxBytes: (f) => f.bytes,
};

/** Each budget row, with the figures before and after and whether the stored model is within it. */
export function checkBudget(
  before: ModelFigures,
  after: ModelFigures,
  budget: ModelBudget = modelBudget,
): ModelBudgetCheck[] {
  return modelBudgetRows.map(({ row }) => ({
    row,
    limit: budget[row],
    before: figureOf[row](before),
    after: figureOf[row](after),
    within: figureOf[row](after) <= budget[row],
  }));
}

/** The simplifier's error limits (fractions of the mesh's size), tried in turn until the triangles fit. */
const simplifyErrors = [0.01, 0.05, 1];

/**
 * Optimises a document in place towards the budget, as `gltf-transform optimize` does: duplicates
 * merged, unused data dropped, vertices welded, animations resampled, textures fitted within the
 * largest side and re-encoded as WebP, meshes simplified only when over the triangle budget, then
 * meshopt compression (the engine loads EXT_meshopt_compression). Draco compression is replaced
 * by meshopt. Throws when glTF-Transform cannot process the document (the caller keeps the
 * unoptimised GLB).
 */
export async function optimizeDocument(document: Document, budget: ModelBudget = modelBudget): Promise<void> {
  await Promise.all([MeshoptEncoder.ready, MeshoptSimplifier.ready]);
  // The transforms log each step at info level; only their warnings matter on a server.
  document.setLogger(new Logger(Logger.Verbosity.WARN));
  // Decoded on read; written again with meshopt, not both.
  for (const extension of document.getRoot().listExtensionsUsed())
    if (extension.extensionName === 'KHR_draco_mesh_compression') extension.dispose();

  await document.transform(dedup(), prune(), resample(), weld());

  for (const error of simplifyErrors) {
    const triangles = countTriangles(document);
    if (triangles <= budget.maxTriangles) break;
    // Aim a little under the budget: meshopt stops near, not exactly at, the target.
    const ratio = (budget.maxTriangles * 0.95) / triangles;
    await document.transform(simplify({ simplifier: MeshoptSimplifier, ratio, error, lockBorder: false }));
  }

  const steps: Transform[] = [
    webp(budget.maxTextureSide),
    prune(),
    meshopt({ encoder: MeshoptEncoder, level: 'medium' }),
  ];
  await document.transform(...steps);
}

/** Textures fitted within `side` px (keeping their aspect) and encoded as WebP. */
const webp = (side: number) =>
  textureCompress({ encoder: sharp, targetFormat: 'webp', resize: [side, side] });

/** The smallest texture side the file-size budget may shrink textures to. */
const smallestShrunkSide = 512;

/**
 * For a document already optimised but still over the file-size or texture-memory budget:
 * textures halved (down to 512 px) until it is within both. `write` makes the GLB; the last one
 * written is returned.
 */
export async function shrinkTexturesToFit(
  document: Document,
  glb: Uint8Array,
  write: () => Promise<Uint8Array>,
  budget: ModelBudget = modelBudget,
): Promise<Uint8Array> {
  const over = (bytes: Uint8Array) => {
    const figures = figuresOf(document, bytes.byteLength);
    return bytes.byteLength > budget.maxBytes || figures.textureMemoryBytes > budget.maxTextureMemoryBytes;
  };
  let side = Math.min(figuresOf(document, glb.byteLength).largestTextureSide, budget.maxTextureSide);
  while (over(glb) && side > smallestShrunkSide) {
    side = Math.max(smallestShrunkSide, side >> 1);
    await document.transform(webp(side));
    glb = await write();
  }
  return glb;
}
