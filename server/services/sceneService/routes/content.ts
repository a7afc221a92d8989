import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContentPatch } from '../../../../contracts/contentPatch';
import { ErrorBody } from '../../../../contracts/errors';
import { SceneContent } from '../../../../contracts/sceneContent';
import { SaveContentAnswer, sceneContentMaxBytes, SceneIdParams } from '../../../../contracts/scenes';
import { AppError, notFound } from '../../../errors';
import { closeUnreadBody, handlerReadsBody } from '../../../http/bodies';
import { callerOf } from '../../../http/caller';
import { FileIdScanner } from '../content';
import { etagOfHeader } from '../contentVersions';
import type { BlobWriter } from '../../../storage/blobStore';
import type { ContentAnswer } from '../documents';
import type { SceneRow } from '../metadata';
import type { SceneService } from '../service';
import { type SceneRoutesOptions, sceneResponses } from './common';

/** The space each content save's access was checked on before its body was read. */
const checkedSpaces = new WeakMap<FastifyRequest, SceneRow>();

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
const contentTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The scene content may be at most ${mb(sceneContentMaxBytes)}`, {
    maxBytes: sceneContentMaxBytes,
  });

const truncated = (cause?: unknown) =>
  new AppError(
    'UPLOAD_TRUNCATED',
    'The request ended before its body was complete; please send it again',
    cause instanceof Error ? { reason: cause.message } : undefined,
  );

/** A content body as the route receives it. */
interface ContentBody {
  bytes: Buffer;
  /** The sha256 of the bytes, hashed as they arrived (hex). */
  sha256: string;
  /** Where the bytes were written as they arrived, when the store can (to finish or abort). */
  writer?: BlobWriter;
  /** From the first byte to the last. */
  readMs: number;
  /** When the last byte arrived (performance.now()). */
  receivedAt: number;
  /** The file ids the bytes mention, when they were found as the bytes arrived. */
  fileIds?: string[];
}

/** Bodies at least this large go into shared memory: the check worker reads them without a copy. */
const sharedFromBytes = 256 * 1024;
/** A body being written as it arrives goes to its file once this much more of it has arrived. */
const writeAheadBytes = 1024 * 1024;

/**
 * Reads a content body whole, refusing it (413) as soon as it is larger than the limit, before
 * reading the rest. Each piece is hashed as it arrives; a large body with a declared length is
 * copied straight into shared memory and, where the blob store can (the filesystem), written to a
 * temp file as it arrives. So when the last byte arrives the blob's key is known, most of it is
 * written, and the check worker reads the bytes where they are: the save only has to finish the
 * file while the document is checked.
 */
function contentBodyReader(openWriter: (() => BlobWriter) | undefined) {
  return (
    request: FastifyRequest,
    payload: IncomingMessage,
    done: (error: Error | null, body?: ContentBody) => void,
  ) => {
    const declared = Number(request.headers['content-length']);
    if (declared > sceneContentMaxBytes) {
      done(contentTooLarge());
      return;
    }
    const hash = createHash('sha256');
    // A declared length lets the bytes go straight where the worker reads them; else they are joined at the end.
    const shared =
      Number.isSafeInteger(declared) && declared >= sharedFromBytes
        ? Buffer.from(new SharedArrayBuffer(declared))
        : undefined;
    let size = 0;
    let writer = shared ? openWriter?.() : undefined;
    // The file ids are looked for as the bytes arrive, a megabyte or more at a time.
    const scanner = shared ? new FileIdScanner() : undefined;
    let scannedTo = 0;
    // Written to the file in pieces of a megabyte or more: each write is a trip to the thread pool.
    let writtenTo = 0;
    const writeReceived = (all: boolean) => {
      if (!writer || !shared || (size - writtenTo < writeAheadBytes && !all) || size === writtenTo) return;
      writer.write(shared.subarray(writtenTo, size));
      writtenTo = size;
    };
    const chunks: Buffer[] = [];
    let finished = false;
    let firstByteAt: number | undefined;
    const finish = (error: Error | null, bytes?: Buffer) => {
      if (finished) return;
      finished = true;
      payload.off('data', onData);
      if (error || !bytes) {
        void writer?.abort();
        done(error ?? truncated());
        return;
      }
      if (writer && bytes !== shared) {
        // The body was not what its length said: the bytes are written at the save instead.
        void writer.abort();
        writer = undefined;
      }
      writeReceived(true);
      const receivedAt = performance.now();
      const readMs = firstByteAt === undefined ? 0 : receivedAt - firstByteAt;
      const fileIds = scanner && bytes === shared ? scanner.scan(shared, size).ids : undefined;
      done(null, { bytes, sha256: hash.digest('hex'), writer, readMs, receivedAt, fileIds });
    };
    const onData = (chunk: Buffer) => {
      firstByteAt ??= performance.now();
      if (size + chunk.length > sceneContentMaxBytes) {
        finish(contentTooLarge());
        return;
      }
      hash.update(chunk);
      if (shared && size + chunk.length <= shared.length) {
        chunk.copy(shared, size);
        size += chunk.length;
        writeReceived(false);
        if (scanner && size - scannedTo >= writeAheadBytes) {
          scanner.scan(shared, size);
          scannedTo = size;
        }
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    payload.on('data', onData);
    // A body that is not UTF-8 is refused by the check (INVALID_ENCODING, as every JSON body is).
    payload.once('end', () => {
      if (shared && size === shared.length && chunks.length === 0) finish(null, shared);
      else if (shared)
        finish(null, Buffer.concat([shared.subarray(0, Math.min(size, shared.length)), ...chunks]));
      else finish(null, Buffer.concat(chunks, size));
    });
    payload.once('error', (error) => finish(truncated(error)));
    payload.once('close', () => finish(truncated()));
  };
}

const contentDescription =
  'The exported scene content (contracts/sceneContent.ts), any known version; it is validated and stored ' +
  `as the current version. At most ${mb(sceneContentMaxBytes)}.`;

/** Sends a content answer: stored bytes as they are (with their sha256 as ETag), or a document. */
export async function sendContent(
  service: SceneService,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ContentAnswer,
) {
  reply.header('cache-control', 'private, no-cache');
  if (answer.kind === 'document') {
    if (answer.etag) reply.header('etag', `"${answer.etag}"`);
    return reply.send(answer.content);
  }
  const etag = `"${answer.etag}"`;
  reply.header('etag', etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((m) => m.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  if (answer.kind === 'bytes') {
    reply.header('content-length', answer.bytes.length);
    return reply.send(answer.bytes as unknown as SceneContent);
  }
  reply.header('content-length', answer.pointer.size);
  const stream = await service.openContent(answer.pointer);
  return reply.send(stream as unknown as SceneContent);
}

/** The version a save is made on (If-Match), or null for an unconditional save. */
function ifMatchOf(request: FastifyRequest): string | null {
  return etagOfHeader(request.headers['if-match']);
}

/** A draft's content: save it (the body read as it arrives, refused early when too large) and read it. */
export default async function contentRoutes(instance: FastifyInstance, { service }: SceneRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // Content saves read their body themselves (one parse, on a worker for large documents).
  await app.register(async (child) => {
    const routes = child.withTypeProvider<ZodTypeProvider>();
    routes.removeAllContentTypeParsers();
    routes.addContentTypeParser(
      'application/json',
      contentBodyReader(app.blobStore.openWriter ? () => app.blobStore.openWriter!() : undefined),
    );
    routes.put(
      '/scene/content/:id',
      {
        bodyLimit: sceneContentMaxBytes,
        onError: closeUnreadBody,
        // The owner is checked before the body is read: nobody else uploads megabytes for nothing.
        preParsing: async (request, reply, payload) => {
          await app.requireUser(request, reply);
          const { id } = request.params as { id?: unknown };
          if (typeof id !== 'string' || !SceneIdParams.shape.id.safeParse(id).success)
            throw notFound('No such space');
          checkedSpaces.set(request, await service.ownScene(id, callerOf(request)));
          return payload;
        },
        validatorCompiler: handlerReadsBody,
        schema: {
          tags: ['scenes'],
          summary: "Save a draft's content (owner only)",
          description:
            `${contentDescription} Saving is atomic: until the new content is safely stored, every read ` +
            'gets the previous one, whatever happens to the request or the server. With If-Match (the ' +
            'ETag the content was read or last saved with) the save is made on that version only: when ' +
            'another save replaced it, 409 STALE_CONTENT (details.currentEtag) and nothing changes. The ' +
            'answer names the new version (ETag header and etag). The Server-Timing header says how long ' +
            'receiving, checking, writing and committing took.',
          consumes: ['application/json'],
          params: SceneIdParams,
          body: SceneContent,
          response: {
            200: SaveContentAnswer,
            400: ErrorBody.describe(
              'Not valid scene content (VALIDATION_FAILED, details: one { path, message } per issue)',
            ),
            409: ErrorBody.describe('STALE_CONTENT: If-Match names a version another save replaced'),
            413: ErrorBody.describe(`Larger than ${mb(sceneContentMaxBytes)}`),
            415: ErrorBody.describe('Not application/json'),
            ...sceneResponses,
          },
        },
      },
      async (request, reply) => {
        const body = request.body as unknown as ContentBody | undefined;
        if (!body) throw new AppError('VALIDATION_FAILED', 'The body is not valid JSON: it is empty');
        const saved = await service.saveContent(request.params.id, callerOf(request), body.bytes, {
          ifMatch: ifMatchOf(request),
          sha256: body.sha256,
          writer: body.writer,
          row: checkedSpaces.get(request),
          fileIds: body.fileIds,
        });
        reply.header('etag', `"${saved.etag}"`);
        const { check, write, commit } = saved.timings;
        // `save`: from the body's last byte to the answer.
        const total = performance.now() - body.receivedAt;
        reply.header(
          'server-timing',
          `read;dur=${body.readMs.toFixed(1)}, check;dur=${check.toFixed(1)}, write;dur=${write.toFixed(1)}, ` +
            `commit;dur=${commit.toFixed(1)}, other;dur=${(total - saved.timings.total).toFixed(1)}, ` +
            `save;dur=${total.toFixed(1)}`,
        );
        return { contentUpdatedAt: saved.contentUpdatedAt, etag: saved.etag };
      },
    );
  });

  app.patch(
    '/scene/content/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['scenes'],
        summary: "Save what changed in a draft's content (owner only)",
        description:
          'An incremental save (contracts/contentPatch.ts): the fields and placed objects that changed ' +
          'since the version named by If-Match (required), by id. The server applies it to that version, ' +
          'validates the whole result as a full save does and stores it as the new version atomically. ' +
          'When another save replaced that version: 409 STALE_CONTENT (details.currentEtag), nothing changes.',
        headers: z.object({
          'if-match': z.string().min(1).max(200).describe('The version the change is made on'),
        }),
        params: SceneIdParams,
        body: ContentPatch,
        response: {
          200: SaveContentAnswer,
          400: ErrorBody.describe('Not a valid change, or its result is not valid scene content'),
          409: ErrorBody.describe('STALE_CONTENT: If-Match names a version another save replaced'),
          ...sceneResponses,
        },
      },
    },
    async (request, reply) => {
      const ifMatch = ifMatchOf(request);
      if (!ifMatch)
        throw new AppError('VALIDATION_FAILED', 'If-Match must name the version the change is made on');
      const saved = await service.patchContent(request.params.id, callerOf(request), request.body, ifMatch);
      const { read, apply, check, commit } = saved.timings;
      reply.header('etag', `"${saved.etag}"`);
      // `save`: the whole request, from its first byte to the answer.
      reply.header(
        'server-timing',
        `read;dur=${read.toFixed(1)}, apply;dur=${apply.toFixed(1)}, check;dur=${check.toFixed(1)}, ` +
          `commit;dur=${commit.toFixed(1)}, save;dur=${reply.elapsedTime.toFixed(1)}`,
      );
      return { contentUpdatedAt: saved.contentUpdatedAt, etag: saved.etag };
    },
  );

  app.get(
    '/scene/content/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['scenes'],
        summary: "A draft's content (owner only)",
        description:
          'The stored document with its version as ETag (the If-Match of the next save; If-None-Match → ' +
          '304); a space never saved answers the empty document.',
        params: SceneIdParams,
        response: { 200: SceneContent, 304: z.null().describe('Not modified'), ...sceneResponses },
      },
    },
    async (request, reply) =>
      sendContent(service, request, reply, await service.content(request.params.id, callerOf(request))),
  );
}
