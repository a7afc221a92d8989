import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../contracts/errors';
import {
  publishedManyMax,
  PublishedSceneList,
  PublishedScenePage,
  PublishedSearchQuery,
  ViewAnswer,
  visitorCookieName,
} from '../../../../contracts/publishing';
import { SceneContent } from '../../../../contracts/sceneContent';
import { SceneIdParams, SceneMetadata } from '../../../../contracts/scenes';
import { uuidv7 } from '../../../db/ids';
import { type SceneRoutesOptions, sceneResponses } from './common';
import { sendContent } from './content';

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

/** Published spaces: Explore's search, lists by id, views, and a published space's metadata and content. */
export default async function publishedRoutes(
  instance: FastifyInstance,
  { service, search, views }: SceneRoutesOptions,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

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
      const { text, cached } = await search.searchText(request.query, {
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
      search.many(
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
      views.view(request.params.id, {
        caller: request.auth,
        visitorId: request.auth ? undefined : ensureVisitorId(request, reply),
      }),
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
      sendContent(service, request, reply, await service.publishedContent(request.params.id, request.auth)),
  );
}
