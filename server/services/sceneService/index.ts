import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import { SceneContent } from '../../../contracts/sceneContent';
import {
  publishedManyMax,
  PublishAnswer,
  PublishedSceneList,
  PublishedScenePage,
  PublishedSearchQuery,
  PublishForm,
  publishMessages,
  Slot,
  SlotList,
  UnpublishAnswer,
  ViewAnswer,
  visitorCookieName,
} from '../../../contracts/publishing';
import {
  CreateSceneAnswer,
  deletedSceneRetentionDays,
  DraftsLimitAnswer,
  MyScenesQuery,
  SaveContentAnswer,
  sceneContentMaxBytes,
  SceneIdParams,
  SceneMetadata,
  SceneMetadataFields,
  SceneMetadataPage,
  VisibilityForm,
} from '../../../contracts/scenes';
import { uuidv7 } from '../../db/ids';
import { AppError, notFound } from '../../errors';
import { closeUnreadBody, handlerReadsBody } from '../../http/bodies';
import { callerOf } from '../../http/caller';
import { readMetadataInput, readVisibility } from './form';
import { PublishingService } from './publishing';
import { type ContentAnswer, type ContentWrite, SceneService } from './service';

export interface SceneServiceRoutesOptions {
  /** How often the purge of deleted spaces runs (default hourly; the first run a minute after start). */
  purgeEveryMs?: number;
}

/** The anonymous visitor cookie's id, when the request carries a well-formed one. */
function visitorIdOf(request: FastifyRequest): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${visitorCookieName}=([0-9a-f-]{36})(?:;|$)`).exec(
    request.headers.cookie ?? '',
  );
  return match?.[1];
}

/**
 * The anonymous visitor's id, set as a cookie when missing: httpOnly (scripts need not read it),
 * SameSite=Lax, a year long, Secure when the request came over https.
 */
function ensureVisitorId(request: FastifyRequest, reply: FastifyReply): string {
  const known = visitorIdOf(request);
  if (known) return known;
  const id = uuidv7();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${visitorCookieName}=${id}; Path=/; Max-Age=${365 * 24 * 3600}; HttpOnly; SameSite=Lax${secure}`,
  );
  return id;
}

const ManyParams = z.object({
  '*': z
    .string()
    .max(publishedManyMax * 65)
    .describe(`Comma-separated scene ids, at most ${publishedManyMax}`),
});

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

const writeSliceBytes = 1024 * 1024;

/** A content body as the route receives it: its bytes, and their write to the blob store. */
interface ContentBody {
  bytes: Buffer;
  writing: Promise<ContentWrite>;
  /** From the first byte to the last. */
  readMs: number;
}

/**
 * Reads a content body whole, refusing it (413) as soon as it is larger than the limit, before
 * reading the rest. The bytes go to the blob store as they arrive (a temp file that only becomes
 * a blob once complete), so storing them overlaps with receiving and checking them.
 */
function contentBodyReader(service: SceneService) {
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
    const sink = new PassThrough({ highWaterMark: sceneContentMaxBytes });
    const writing = service.writeContent(sink);
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    let firstByteAt: number | undefined;
    // Written in slices of about a megabyte: fewer, larger writes than the socket's chunks.
    let pending: Buffer[] = [];
    let pendingSize = 0;
    const flush = () => {
      if (pendingSize > 0)
        sink.write(pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingSize));
      pending = [];
      pendingSize = 0;
    };
    const finish = (error: Error | null) => {
      if (finished) return;
      finished = true;
      payload.off('data', onData);
      if (error) {
        sink.destroy(error);
        done(error);
        return;
      }
      flush();
      sink.end();
      const readMs = firstByteAt === undefined ? 0 : performance.now() - firstByteAt;
      done(null, { bytes: Buffer.concat(chunks, size), writing, readMs });
    };
    const onData = (chunk: Buffer) => {
      firstByteAt ??= performance.now();
      size += chunk.length;
      if (size > sceneContentMaxBytes) {
        finish(contentTooLarge());
        return;
      }
      chunks.push(chunk);
      pending.push(chunk);
      pendingSize += chunk.length;
      if (pendingSize >= writeSliceBytes) flush();
    };
    payload.on('data', onData);
    payload.once('end', () => finish(null));
    payload.once('error', (error) => finish(truncated(error)));
    payload.once('close', () => finish(truncated()));
  };
}

const sceneResponses = {
  401: ErrorBody.describe('Not signed in'),
  403: ErrorBody.describe("Another user's published space: only its owner may do this"),
  404: ErrorBody.describe('No such space (also: a draft of another user)'),
};

const formResponses = {
  400: ErrorBody.describe(
    'A field is not valid (VALIDATION_FAILED, details: one { path, message } per field)',
  ),
  413: ErrorBody.describe('A picture is larger than 8 MiB, or too many parts'),
  415: ErrorBody.describe('A picture is not a jpg, jpeg, png or webp picture'),
};

const draftLimitResponse = ErrorBody.describe(
  "BUSINESS_RULE 'Draft Limit Reached': the caller holds as many drafts as their plan allows (details: { drafts, limit })",
);

const formDescription =
  'multipart/form-data with any of the fields (booleans as true/false; `tags` repeated or one comma- or ' +
  'semicolon-separated value; `photoGallery` text values are gallery urls to keep, in order) and the ' +
  'picture parts `coverPhoto` (one) and `photoGallery` (repeatable; appended after the kept ones), or a ' +
  'JSON body with the fields typed. Unknown fields are refused; nothing is changed unless every field ' +
  'and picture is valid.';

const contentDescription =
  'The exported scene content (contracts/sceneContent.ts), any known version; it is validated and stored ' +
  `as the current version. At most ${mb(sceneContentMaxBytes)}.`;

/**
 * The scene service (platform.md §7.3; districts-commerce-spaces.md §4, §7): drafts, their
 * metadata, pictures and content, the draft limit, visibility, delete, duplicate and the published
 * snapshot. Registered under /api/sceneService. Runs the purge of deleted spaces periodically.
 */
export default async function sceneServiceRoutes(
  instance: FastifyInstance,
  options: SceneServiceRoutesOptions,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new SceneService({ db: app.db, store: app.blobStore, log: app.log });
  const publishing = new PublishingService(service);

  // The purge of deleted spaces: while the server runs, never twice at once, stopped on close.
  let purging: Promise<unknown> | undefined;
  const purge = () => {
    purging ??= service
      .purgeDeletedScenes(new Date())
      .catch((error: unknown) => app.log.error({ err: error }, 'purge of deleted spaces failed'))
      .finally(() => (purging = undefined));
  };
  const first = setTimeout(purge, 60_000);
  const every = setInterval(purge, options.purgeEveryMs ?? 60 * 60 * 1000);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await purging;
    await service.close();
  });

  /** Sends a content answer: stored bytes as they are (with their sha256 as ETag), or a document. */
  async function sendContent(request: FastifyRequest, reply: FastifyReply, answer: ContentAnswer) {
    reply.header('cache-control', 'private, no-cache');
    if (answer.kind === 'document') return reply.send(answer.content);
    const etag = `"${answer.pointer.sha256}"`;
    reply.header('etag', etag);
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((m) => m.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('content-length', answer.pointer.size);
    const stream = await service.openContent(answer.pointer);
    return reply.send(stream as unknown as SceneContent);
  }

  app.post(
    '/scene/metadata',
    {
      preHandler: app.requireUser,
      onError: closeUnreadBody,
      validatorCompiler: handlerReadsBody,
      schema: {
        tags: ['scenes'],
        summary: 'Create a draft',
        description:
          `${formDescription} The new space is a Draft owned and created by the caller; an empty title ` +
          "becomes 'Untitled space' with the date and time. Refused when the caller holds as many drafts " +
          'as their plan allows.',
        consumes: ['multipart/form-data', 'application/json'],
        body: SceneMetadataFields.nullish(),
        response: {
          201: CreateSceneAnswer,
          ...formResponses,
          401: ErrorBody.describe('Not signed in'),
          422: draftLimitResponse,
        },
      },
    },
    async (request, reply) => {
      const created = await service.create(callerOf(request), () => readMetadataInput(request));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/scene/metadata/my',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['scenes'],
        summary: "The caller's spaces",
        description: 'Drafts and published spaces of the caller (never deleted ones), newest change first.',
        querystring: MyScenesQuery,
        response: { 200: SceneMetadataPage, 400: ErrorBody, 401: ErrorBody.describe('Not signed in') },
      },
    },
    async (request) => service.my(callerOf(request), request.query),
  );

  app.get(
    '/scene/metadata/draftsLimit',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['scenes'],
        summary: 'May the caller create another draft?',
        description:
          '200 when another draft is allowed; 422 BUSINESS_RULE "Draft Limit Reached" with details ' +
          '{ drafts, limit } when not. Limits per plan: free 5, standard 20, pro unlimited.',
        response: {
          200: DraftsLimitAnswer,
          401: ErrorBody.describe('Not signed in'),
          422: draftLimitResponse,
        },
      },
    },
    async (request) => service.draftsLimit(callerOf(request)),
  );

  app.get(
    '/scene/metadata/:id',
    {
      schema: {
        tags: ['scenes'],
        summary: "A space's metadata",
        description:
          "The owner gets the draft's metadata; anyone else that of the published snapshot, for a " +
          'published, visible space (403 when hidden, 404 for drafts).',
        params: SceneIdParams,
        response: { 200: SceneMetadata, ...sceneResponses },
      },
    },
    async (request) => service.metadata(request.params.id, request.auth),
  );

  app.patch(
    '/scene/metadata/:id',
    {
      preHandler: app.requireUser,
      onError: closeUnreadBody,
      validatorCompiler: handlerReadsBody,
      schema: {
        tags: ['scenes'],
        summary: "Change a draft's metadata (owner only)",
        description: `${formDescription} Fields not sent stay as they are.`,
        consumes: ['multipart/form-data', 'application/json'],
        params: SceneIdParams,
        body: SceneMetadataFields.nullish(),
        response: { 200: SceneMetadata, ...formResponses, ...sceneResponses },
      },
    },
    async (request) => service.update(request.params.id, callerOf(request), () => readMetadataInput(request)),
  );

  app.patch(
    '/scene/metadata/:id/visibility',
    {
      preHandler: app.requireUser,
      onError: closeUnreadBody,
      validatorCompiler: handlerReadsBody,
      schema: {
        tags: ['scenes'],
        summary: 'Hide or unhide a space (owner only)',
        description: 'multipart/form-data or JSON with `visible` (true/false).',
        consumes: ['multipart/form-data', 'application/json'],
        params: SceneIdParams,
        body: VisibilityForm.nullish(),
        response: { 200: SceneMetadata, 400: ErrorBody, ...sceneResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await service.ownScene(request.params.id, caller);
      return service.setVisible(request.params.id, caller, await readVisibility(request));
    },
  );

  // Content saves read their body themselves (one parse, on a worker for large documents).
  await app.register(async (child) => {
    const routes = child.withTypeProvider<ZodTypeProvider>();
    routes.removeAllContentTypeParsers();
    routes.addContentTypeParser('application/json', contentBodyReader(service));
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
          await service.ownScene(id, callerOf(request));
          return payload;
        },
        validatorCompiler: handlerReadsBody,
        schema: {
          tags: ['scenes'],
          summary: "Save a draft's content (owner only)",
          description:
            `${contentDescription} Saving is atomic: until the new content is safely stored, every read ` +
            'gets the previous one, whatever happens to the request or the server. The Server-Timing ' +
            'header says how long receiving, checking, writing and committing took.',
          consumes: ['application/json'],
          params: SceneIdParams,
          body: SceneContent,
          response: {
            200: SaveContentAnswer,
            400: ErrorBody.describe(
              'Not valid scene content (VALIDATION_FAILED, details: one { path, message } per issue)',
            ),
            413: ErrorBody.describe(`Larger than ${mb(sceneContentMaxBytes)}`),
            415: ErrorBody.describe('Not application/json'),
            ...sceneResponses,
          },
        },
      },
      async (request, reply) => {
        const body = request.body as unknown as ContentBody | undefined;
        if (!body) throw new AppError('VALIDATION_FAILED', 'The body is not valid JSON: it is empty');
        const saved = await service.saveContent(
          request.params.id,
          callerOf(request),
          body.bytes,
          body.writing,
        );
        const { check, write, commit, total } = saved.timings;
        reply.header(
          'server-timing',
          `read;dur=${body.readMs.toFixed(1)}, check;dur=${check.toFixed(1)}, write;dur=${write.toFixed(1)}, ` +
            `commit;dur=${commit.toFixed(1)}, save;dur=${total.toFixed(1)}`,
        );
        return { contentUpdatedAt: saved.contentUpdatedAt };
      },
    );
  });

  app.get(
    '/scene/content/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['scenes'],
        summary: "A draft's content (owner only)",
        description:
          'The stored document, ETag its sha256 (If-None-Match → 304); a space never saved answers the ' +
          'empty document.',
        params: SceneIdParams,
        response: { 200: SceneContent, 304: z.null().describe('Not modified'), ...sceneResponses },
      },
    },
    async (request, reply) =>
      sendContent(request, reply, await service.content(request.params.id, callerOf(request))),
  );

  app.get(
    '/publishedscene/metadata',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Search published spaces (Explore)',
        description:
          'Published, visible spaces the caller may see: public ones, private ones whose ACL names the ' +
          "caller, and the caller's own. Unlisted spaces (publishedPublic false) are only listed to their " +
          'owner asking for `ownerId` = themselves. `q`: every word in the title, tags or description, the ' +
          'last one as a prefix, case-insensitive. `tags`: comma-separated, all required. `sort`: newest ' +
          'publication, most views or most likes first. `filter`: all; related (spaces sharing tags with ' +
          'what this visitor viewed, those left out; like trending without history); trending (views and ' +
          'likes of the last 7 days); history (signed in: last visited first); favourites (signed in). ' +
          'Answers may be up to 1 s old (a short cache, emptied at once by publishing changes on this node).',
        querystring: PublishedSearchQuery,
        response: {
          200: PublishedScenePage,
          400: ErrorBody.describe('A query parameter is not valid (VALIDATION_FAILED)'),
          401: ErrorBody.describe('history and favourites need a signed-in caller'),
        },
      },
    },
    async (request, reply) => {
      const { text, cached } = await publishing.searchText(request.query, {
        caller: request.auth,
        visitorId: visitorIdOf(request),
      });
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.header('x-search-cache', cached ? 'hit' : 'miss');
      // Already serialised (and cached so): sent as it is.
      return reply.send(text as unknown as PublishedScenePage);
    },
  );

  app.get(
    '/publishedscene/metadata/many/*',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Published spaces by id',
        description:
          `Up to ${publishedManyMax} comma-separated ids; the answer keeps their order and leaves out ` +
          'spaces that do not exist, are not published or that the caller may not see.',
        params: ManyParams,
        response: { 200: PublishedSceneList, 400: ErrorBody },
      },
    },
    async (request) =>
      publishing.many(
        request.params['*']
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
        request.auth,
      ),
  );

  app.post(
    '/publishedscene/:id/view',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Count a visit',
        description:
          'Counts one view per visitor per UTC day (visitor: the signed-in user, or else an anonymous ' +
          `id in the httpOnly \`${visitorCookieName}\` cookie, set when missing) and remembers the visit ` +
          "(the signed-in visitor's history). Who may do this: as for reading the space.",
        params: SceneIdParams,
        response: {
          200: ViewAnswer,
          401: ErrorBody.describe('A private space and no signed-in caller'),
          403: ErrorBody.describe('A hidden space, or a private one that does not invite the caller'),
          404: ErrorBody.describe('No such published space'),
        },
      },
    },
    async (request, reply) =>
      publishing.view(request.params.id, {
        caller: request.auth,
        visitorId: request.auth ? undefined : ensureVisitorId(request, reply),
      }),
  );

  app.get(
    '/slot/my',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['publishing'],
        summary: "The caller's publishing slots",
        description:
          "Plan slots (made as needed up to the plan's count; those beyond it are inactive), extra and " +
          'district slots, with the space each holds.',
        response: { 200: SlotList, 401: ErrorBody.describe('Not signed in') },
      },
    },
    async (request) => ({ items: await publishing.mySlots(callerOf(request)) }),
  );

  app.get(
    '/slot/available',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['publishing'],
        summary: 'Slots the caller can publish into now',
        description: "The caller's active slots that hold no space.",
        response: { 200: SlotList, 401: ErrorBody.describe('Not signed in') },
      },
    },
    async (request) => ({ items: await publishing.availableSlots(callerOf(request)) }),
  );

  app.get(
    '/slot/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['publishing'],
        summary: 'One of the caller’s slots',
        params: z.object({ id: z.string().min(1).max(64).describe('The slot id') }),
        response: {
          200: Slot,
          401: ErrorBody.describe('Not signed in'),
          404: ErrorBody.describe('No such slot of the caller'),
        },
      },
    },
    async (request) => publishing.slot(request.params.id, callerOf(request)),
  );

  app.delete(
    '/slot/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['publishing'],
        summary: 'Delete one of the caller’s extra slots',
        description:
          'Only an empty extra slot can be deleted (its credits are not refunded). Plan and district ' +
          'slots answer 422; a slot holding a published space 409 (unpublish it first).',
        params: z.object({ id: z.string().min(1).max(64).describe('The slot id') }),
        response: {
          204: z.null().describe('Deleted'),
          401: ErrorBody.describe('Not signed in'),
          404: ErrorBody.describe('No such slot of the caller'),
          409: ErrorBody.describe('A space is published in the slot'),
          422: ErrorBody.describe('Not an extra slot'),
        },
      },
    },
    async (request, reply) => {
      await publishing.deleteSlot(request.params.id, callerOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/sceneactions/:id/publish',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['publishing'],
        summary: 'Publish a space into a slot (owner only)',
        description:
          'Publishes the draft as it is now: visitors see this snapshot until the next publish. The ACL ' +
          'fields, when given, replace the stored ones. Errors: 422 BUSINESS_RULE without `slotId` ' +
          `('${publishMessages.noSlotAssigned}'), when the content was never saved, the title is empty or ` +
          'there are fewer than 3 tags (details: one { path, message } each), or the slot is inactive; ' +
          '403 when privacy or communication ACLs are enabled on the free plan; 404 when the slot is not ' +
          `the caller's — or 422 '${publishMessages.noSlotAvailable}' when the caller has no free active ` +
          `slot at all; 409 CONFLICT when the slot holds another space.`,
        params: SceneIdParams,
        body: PublishForm.nullish(),
        response: {
          200: PublishAnswer,
          400: ErrorBody.describe('The body is not valid (VALIDATION_FAILED)'),
          ...sceneResponses,
          403: ErrorBody.describe("Another user's published space, or ACLs on the free plan"),
          404: ErrorBody.describe('No such space (also: a draft of another user), or no such slot'),
          409: ErrorBody.describe('The slot holds another space'),
          422: ErrorBody.describe('A business rule (see the description)'),
        },
      },
    },
    async (request) =>
      publishing.publish(request.params.id, callerOf(request), request.body ?? PublishForm.parse({})),
  );

  app.post(
    '/sceneactions/:id/unpublish',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['publishing'],
        summary: 'Unpublish a space (owner only)',
        description:
          'Frees its slot; the space is a Draft again and disappears from search and published reads. ' +
          'A draft is answered as it is.',
        params: SceneIdParams,
        response: { 200: UnpublishAnswer, ...sceneResponses },
      },
    },
    async (request) => publishing.unpublish(request.params.id, callerOf(request)),
  );

  app.get(
    '/publishedscene/metadata/:id',
    {
      schema: {
        tags: ['scenes'],
        summary: "A published space's metadata",
        description:
          "The published snapshot's metadata: anyone for a published, visible space, the owner always; " +
          '403 when hidden; 404 for drafts and unknown spaces.',
        params: SceneIdParams,
        response: { 200: SceneMetadata, ...sceneResponses },
      },
    },
    async (request) => service.publishedMetadata(request.params.id, request.auth),
  );

  app.get(
    '/publishedscene/content/:id',
    {
      schema: {
        tags: ['scenes'],
        summary: "A published space's content",
        description: "The published snapshot's content; who may read it as for publishedscene/metadata/{id}.",
        params: SceneIdParams,
        response: { 200: SceneContent, 304: z.null().describe('Not modified'), ...sceneResponses },
      },
    },
    async (request, reply) =>
      sendContent(request, reply, await service.publishedContent(request.params.id, request.auth)),
  );

  app.post(
    '/sceneactions/:id/delete',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['scenes'],
        summary: 'Delete a space (owner only)',
        description:
          'It disappears from every list and read at once (404 afterwards); its files and content are ' +
          `removed ${deletedSceneRetentionDays} days later, unless another space or user still uses them.`,
        params: SceneIdParams,
        response: { 204: z.null().describe('Deleted'), ...sceneResponses },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, callerOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/sceneactions/:id/duplicate',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['scenes'],
        summary: 'Duplicate a space (owner only)',
        description:
          "A new draft with the original's metadata (title + ' (copy)'), content and pictures, sharing " +
          'their stored bytes. The draft limit applies.',
        params: SceneIdParams,
        response: { 201: CreateSceneAnswer, ...sceneResponses, 422: draftLimitResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.duplicate(request.params.id, callerOf(request))),
  );
}
