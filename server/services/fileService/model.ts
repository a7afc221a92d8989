import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import { mimeTypeOf } from '../../../contracts/files';
import { ModelUpload } from '../../../contracts/modelIntake';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import { files } from '../../db/schema';
import { AppError } from '../../errors';
import type { BlobStore } from '../../storage/blobStore';
import { type IntakePart, ModelIntake, modelIntakeLimits } from '../../uploads/modelIntake';
import { mib } from '../../uploads/pictureParts';
import { toRecord } from './service';

const limits = modelIntakeLimits;

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `A model upload may be at most ${mib(limits.maxUploadBytes)}`, {
    maxBytes: limits.maxUploadBytes,
  });

function bodyError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the model as multipart/form-data');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', `Send at most ${limits.maxParts} files in one model upload`, {
      maxParts: limits.maxParts,
    });
  return new AppError(
    'UPLOAD_TRUNCATED',
    'The upload ended before every file arrived, or is not well-formed multipart; please send it again',
    error instanceof Error ? { reason: error.message } : undefined,
  );
}

/**
 * Reads every file part of a multipart upload into memory, holding each part and all of them
 * together to the intake's size limit while the bytes arrive (413 at the first byte too many).
 */
export async function receiveModelParts(request: FastifyRequest): Promise<IntakePart[]> {
  const parts: IntakePart[] = [];
  let total = 0;
  try {
    const iterator = request.parts({
      limits: { fileSize: limits.maxUploadBytes, files: limits.maxParts, parts: limits.maxParts + 20 },
    });
    for await (const part of iterator) {
      if (part.type !== 'file') continue;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (total + size > limits.maxUploadBytes) throw tooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      total += size;
      parts.push({ name: (part.filename || 'file').slice(0, 255), bytes: Buffer.concat(chunks, size) });
    }
  } catch (error) {
    throw bodyError(error);
  }
  if (parts.length === 0) throw new AppError('VALIDATION_FAILED', 'The request has no file: send the model');
  return parts;
}

const limitsText =
  `at most ${limits.maxUploadBytes} bytes and ${limits.maxParts} files in all; a zip at most ` +
  `${limits.maxZipEntries} entries, ${limits.maxUnpackedBytes} bytes unpacked and a compression ratio of ` +
  `${limits.maxCompressionRatio} per entry`;

/**
 * POST /model: a model upload (a .glb; a .gltf with its .bin and textures as several parts; an .obj
 * with its .mtl and textures; or a zip of any) made into one self-contained, optimised GLB on the
 * intake's worker thread, stored with the upload's own files. Nothing is stored unless the whole
 * upload is accepted.
 */
export function modelRoutes(app: FastifyInstance, db: Database, store: BlobStore) {
  const intake = new ModelIntake({ log: app.log });
  app.addHook('onClose', () => intake.close());

  async function keep(bytes: Uint8Array, mimeType: string, originalName: string) {
    const blob = await store.put(
      Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    );
    return {
      id: uuidv7(),
      sha256: blob.sha256,
      size: blob.size,
      mimeType,
      kind: 'model' as const,
      originalName,
    };
  }

  app.withTypeProvider<ZodTypeProvider>().post(
    '/model',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['files'],
        summary: 'Upload a 3D model',
        description:
          'multipart/form-data with either one .glb, or a .gltf and the .bin and textures it names (one part ' +
          'each), or an .obj with its .mtl and textures, or one .zip holding any of them. The server links the ' +
          'parts (relative uris, percent-decoded, case-insensitively and by file name as a fallback; data: uris ' +
          'too; http(s), absolute and `..` uris are refused), makes one self-contained GLB and optimises it ' +
          'towards the model budget (contracts/modelBudget.ts: deduplicated, pruned, welded, textures at most ' +
          '2048 px as WebP, simplified when over the triangle budget, meshopt-compressed). The answer gives the ' +
          'figures before and after, each budget row met or missed (a model over budget is stored all the ' +
          'same, with a warning), warnings (a missing .mtl or texture), the bounds and a default size. ' +
          `The upload's own files are kept as they came. Limits: ${limitsText}. Processed on a worker thread.`,
        consumes: ['multipart/form-data'],
        body: z
          .object({
            file: z
              .array(z.string().meta({ format: 'binary' }))
              .describe(
                'The model: a .glb, a .zip, a .gltf with its .bin and textures, or an .obj with its .mtl and textures',
              ),
          })
          .nullish(),
        response: {
          201: ModelUpload,
          400: ErrorBody.describe(
            'No file, an upload that ended early (UPLOAD_TRUNCATED), more than one model (TOO_MANY_MODELS), ' +
              'or a zip entry that is a link, encrypted, absolute or climbs out with `..` (UNSAFE_ARCHIVE)',
          ),
          401: ErrorBody.describe('Not signed in'),
          413: ErrorBody.describe(
            'Larger than the upload limit (PAYLOAD_TOO_LARGE), or a zip over its entry, size or ratio limits (ARCHIVE_TOO_LARGE)',
          ),
          415: ErrorBody.describe(
            'No 3D model in the upload (the bytes are not a glb, gltf, obj or zip of them)',
          ),
          422: ErrorBody.describe(
            'A damaged model (MODEL_INVALID), a required extension the server cannot read ' +
              '(MODEL_EXTENSION_UNSUPPORTED), a part the glTF names missing (MODEL_PART_MISSING), or a uri ' +
              'outside the upload (MODEL_URI_REFUSED)',
          ),
          429: ErrorBody.describe('Too many models are being processed right now'),
        },
      },
    },
    async (request, reply) => {
      let parts: IntakePart[];
      try {
        parts = await receiveModelParts(request);
      } catch (error) {
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
      const result = await intake.convert(parts);
      const model = await keep(result.glb, mimeTypeOf.glb, result.name);
      const originals = [];
      for (const [i, part] of parts.entries())
        originals.push(await keep(part.bytes, result.partTypes[i], part.name));
      const ownerId = request.auth!.userId;
      const rows = await db
        .insert(files)
        .values([model, ...originals].map((row) => ({ ...row, ownerId })))
        .returning();
      const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
      return reply.code(201).send({
        model: byId.get(model.id)!,
        originals: originals.map((o) => byId.get(o.id)!),
        source: result.source,
        figures: result.figures,
        before: result.before,
        budget: result.budget,
        withinBudget: result.withinBudget,
        optimised: result.optimised,
        warnings: result.warnings,
        bounds: result.bounds,
        defaultSize: result.defaultSize,
        scaleNote: result.scaleNote,
      });
    },
  );
}
