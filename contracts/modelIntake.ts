import { z } from 'zod';
import { DefaultSize } from './assets';
import { FileRecord } from './files';
import { modelBudget } from './modelBudget';

/** What a model upload was: one .glb, a .gltf with its parts, an .obj with its .mtl and textures, or a zip of any. */
export const ModelSource = z.enum(['glb', 'gltf', 'obj', 'zip']).meta({ id: 'ModelSource' });
export type ModelSource = z.infer<typeof ModelSource>;

const count = z.number().int().nonnegative();

/** A size in metres: width (x), height (y), depth (z). */
const Size = z.tuple([z.number().nonnegative(), z.number().nonnegative(), z.number().nonnegative()]);

/** Figures of a model: as uploaded (made one GLB, before optimising) or as stored. */
export const ModelFigures = z
  .object({
    triangles: count.describe('Triangles drawn (each mesh once per node showing it)'),
    meshes: count,
    materials: count,
    textures: count,
    textureMemoryBytes: count.describe(
      'Sum over the textures of width × height × 4 × 4/3 (RGBA with mipmaps)',
    ),
    largestTextureSide: count.describe('Largest side of any texture, in pixels'),
    bytes: count.describe('Size of the GLB'),
    animations: z.array(z.string()).describe('Names of the animation clips'),
    size: Size.describe("The model's bounding box in metres (world space, every scene)"),
  })
  .meta({ id: 'ModelFigures' });
export type ModelFigures = z.infer<typeof ModelFigures>;

/** One row of the budget (contracts/modelBudget.ts) and where the model stands against it. */
export const ModelBudgetCheck = z
  .object({
    row: z.enum(Object.keys(modelBudget) as [keyof typeof modelBudget, ...(keyof typeof modelBudget)[]]),
    limit: count,
    before: count,
    after: count,
    within: z.boolean().describe('Whether the stored model is within this row'),
  })
  .meta({ id: 'ModelBudgetCheck' });
export type ModelBudgetCheck = z.infer<typeof ModelBudgetCheck>;

/** The answer to POST /api/fileService/model. */
export const ModelUpload = z
  .object({
    /** The self-contained GLB, optimised, ready for the engine. */
    model: FileRecord,
    /** The upload as it arrived (the .glb, each part of a .gltf or .obj, or the zip), kept unchanged. */
    originals: z.array(FileRecord),
    source: ModelSource,
    /** The stored model's figures (after optimising). */
    figures: ModelFigures,
    /** The upload's figures, made one GLB, before optimising. */
    before: ModelFigures,
    /** Each budget row with the figures before and after. */
    budget: z.array(ModelBudgetCheck),
    /** Whether the stored model is within every row; a model that is not is stored all the same. */
    withinBudget: z.boolean(),
    /** Whether the stored model was optimised (false: optimising failed and the GLB is as uploaded). */
    optimised: z.boolean(),
    /** What the intake could not carry over or do (missing .mtl or texture, rows missed); for people. */
    warnings: z.array(z.string()),
    /** The model's size in metres, as modelled. */
    bounds: Size,
    /** The size to place it at: its own, or fitted when it is implausibly large or small. */
    defaultSize: DefaultSize,
    /** Set when defaultSize is not the model's own size, saying why. */
    scaleNote: z.string().optional(),
  })
  .meta({ id: 'ModelUpload' });
export type ModelUpload = z.infer<typeof ModelUpload>;
