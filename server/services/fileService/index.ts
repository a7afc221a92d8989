import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import {
  FileIdParams,
  FileRecord,
  thumbnailWidths,
  ThumbnailQuery,
  UploadQuery,
  uploadRules,
} from '../../../contracts/files';
import type { BlobStore } from '../../storage/blobStore';
import {
  contentDisposition,
  etagMatches,
  etagOf,
  immutableCacheControl,
  parseRange,
  sendRangeNotSatisfiable,
} from '../../http/bytes';
import { modelRoutes } from './model';
import { FileService, type Servable } from './service';

const bytes = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
});

const downloadResponses = {
  200: bytes('The whole file, with its own Content-Type'),
  206: bytes('The requested byte range (Content-Range says which)'),
  304: z.null().describe('Not modified: the If-None-Match ETag is current (no body)'),
  400: ErrorBody,
  404: ErrorBody.describe('No such file'),
  416: ErrorBody.describe('The range is outside the file (Content-Range: bytes */size)'),
};

const UploadForm = z.object({ file: z.string().meta({ format: 'binary' }).describe('The file (one part)') });

const limitsText = Object.entries(uploadRules)
  .map(([kind, r]) => `${kind}: ${r.types.join(', ')} up to ${r.maxBytes} bytes`)
  .join('; ');

/**
 * Sends stored bytes with the headers immutable content deserves: a strong ETag (its sha256),
 * a year of caching, byte ranges, nosniff and an inline disposition with the original name.
 * HEAD answers the same headers without opening the blob.
 */
async function sendBlob(request: FastifyRequest, reply: FastifyReply, store: BlobStore, blob: Servable) {
  const etag = etagOf(blob.sha256);
  reply.header('etag', etag);
  reply.header('cache-control', immutableCacheControl);
  reply.header('accept-ranges', 'bytes');
  reply.header('x-content-type-options', 'nosniff');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const range = parseRange(request.headers.range, blob.size, request.headers['if-range'] as string, etag);
  if (range.kind === 'unsatisfiable') return sendRangeNotSatisfiable(reply, blob.size);
  reply.header('content-type', blob.mimeType);
  reply.header('content-disposition', contentDisposition(blob.name));
  let length = blob.size;
  let stream;
  if (range.kind === 'partial') {
    length = range.end - range.start + 1;
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`);
    reply.header('content-length', length);
    if (request.method === 'HEAD') return reply.send();
    stream = await store.get(blob.sha256, range);
  } else {
    reply.header('content-length', length);
    if (request.method === 'HEAD' || length === 0) return reply.send();
    stream = await store.get(blob.sha256);
  }
  return reply.send(stream);
}

/**
 * The file service: upload with per-kind limits and type detection from the bytes, download with
 * ETag/Range/caching, and WebP thumbnails of pictures. Registered under /api/fileService.
 */
export default async function fileServiceRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new FileService(app.db, app.blobStore);

  app.post(
    '/file',
    {
      // Uploads belong to someone: only signed-in users may store files.
      preHandler: app.requireUser,
      schema: {
        tags: ['files'],
        summary: 'Upload a file',
        description:
          'multipart/form-data with one file part. The type is decided from the bytes; ' +
          `accepted per kind — ${limitsText}.`,
        consumes: ['multipart/form-data'],
        querystring: UploadQuery,
        // Documents the form; the file itself is streamed by the handler, never parsed up front.
        body: UploadForm.nullish(),
        response: {
          201: FileRecord,
          401: ErrorBody.describe('Not signed in'),
          400: ErrorBody.describe('No kind, no file part, or an upload that ended early (UPLOAD_TRUNCATED)'),
          413: ErrorBody.describe("Larger than the kind's limit"),
          415: ErrorBody.describe('Not one of the types the kind accepts'),
        },
      },
    },
    async (request, reply) => {
      try {
        const record = await service.upload(request, request.query.kind, request.auth!.userId);
        return reply.code(201).send(record);
      } catch (error) {
        // Refused before the whole body was read: close the connection rather than read the rest.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    },
  );

  modelRoutes(app, app.db, app.blobStore);

  app.route({
    method: ['GET', 'HEAD'],
    url: '/file/:id',
    schema: {
      tags: ['files'],
      summary: 'Download a file',
      description:
        'The stored bytes, with a strong ETag (If-None-Match → 304), a year of immutable caching and ' +
        'single byte ranges (Range: bytes=a-b, a-, -n → 206; outside the file → 416).',
      params: FileIdParams,
      response: downloadResponses,
    },
    handler: async (request, reply) => {
      const blob = await service.servable(request.params.id);
      return sendBlob(request, reply, app.blobStore, blob);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/thumbnail/:id',
    schema: {
      tags: ['files'],
      summary: "A picture's thumbnail",
      description:
        `A WebP at most \`w\` pixels wide (one of ${thumbnailWidths.join(', ')}; never enlarged), made on ` +
        'the first request and kept. Only pictures have thumbnails: other files answer 404.',
      params: FileIdParams,
      querystring: ThumbnailQuery,
      response: { ...downloadResponses, 415: ErrorBody.describe('The picture cannot be read') },
    },
    handler: async (request, reply) => {
      const blob = await service.thumbnail(request.params.id, request.query.w);
      return sendBlob(request, reply, app.blobStore, blob);
    },
  });
}
