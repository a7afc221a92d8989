/**
 * The published budget of an uploaded model (issue 19): what the intake optimises a model towards
 * and reports each stored model against, and the size range it is placed at without rescaling.
 * One table for the server (server/uploads/modelIntake/optimize.ts) and the SPA (to show it).
 * The figures start from Mozilla Spoke's scene budget.
 */
export const modelBudget = {
  /** Triangles drawn (each mesh once per node showing it); over it, meshes are simplified. */
  maxTriangles: 50_000,
  maxMaterials: 25,
  /** Texture memory in bytes: width × height × 4 bytes × 4/3 (mipmaps), summed over the textures. */
  maxTextureMemoryBytes: 268_435_456,
  /** Largest side of one texture in pixels; larger textures are resized to fit. */
  maxTextureSide: 2048,
  /** Size of the optimised GLB. */
  maxBytes: 16_777_216,
} as const;

/** A model whose largest side is within this range (metres) is placed at its own size. */
export const modelScaleRange = {
  minSideM: 0.05,
  maxSideM: 10,
  /** Outside the range, the largest side is fitted to this. */
  targetSideM: 2,
} as const;

export type ModelBudgetRow = keyof typeof modelBudget;

/** The rows in the order the SPA lists them, with a label each. */
export const modelBudgetRows: { row: ModelBudgetRow; label: string }[] = [
  { row: 'maxTriangles', label: 'Triangles' },
  { row: 'maxMaterials', label: 'Materials' },
  { row: 'maxTextureMemoryBytes', label: 'Texture memory' },
  { row: 'maxTextureSide', label: 'Largest texture side' },
  { row: 'maxBytes', label: 'File size' },
];

/** Texture memory of one texture (RGBA8 with a full mipmap chain), as the budget counts it. */
export const textureMemoryBytes = (width: number, height: number) => Math.round((width * height * 4 * 4) / 3);
