import { z } from 'zod';
import { FileRecord } from './files';

/** What a model upload was: one .glb, a .gltf with its parts, or a zip of either. */
export const ModelSource = z.enum(['glb', 'gltf', 'zip']).meta({ id: 'ModelSource' });
export type ModelSource = z.infer<typeof ModelSource>;

/** Figures of a model as stored (the GLB the intake made). */
export const ModelFigures = z
  .object({
    triangles: z
      .number()
      .int()
      .nonnegative()
      .describe('Triangles drawn (each mesh once per node showing it)'),
    meshes: z.number().int().nonnegative(),
    materials: z.number().int().nonnegative(),
    textures: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative().describe('Size of the stored GLB'),
  })
  .meta({ id: 'ModelFigures' });
export type ModelFigures = z.infer<typeof ModelFigures>;

/** The answer to POST /api/fileService/model. */
export const ModelUpload = z
  .object({
    /** The self-contained GLB, ready for the engine. */
    model: FileRecord,
    /** The upload as it arrived (the .glb, each part of a .gltf, or the zip), kept unchanged. */
    originals: z.array(FileRecord),
    source: ModelSource,
    figures: ModelFigures,
  })
  .meta({ id: 'ModelUpload' });
export type ModelUpload = z.infer<typeof ModelUpload>;
