import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Comment,
  CommentChange,
  CommentIdParams,
  CommentPage,
  CommentSceneParams,
  CommentsQuery,
  NewComment,
} from '../../../contracts/comments';
import { ErrorBody } from '../../../contracts/errors';
import { callerOf } from '../../http/caller';
import type { CommentService } from './commentService';

const unauthorized = ErrorBody.describe('Not signed in (or a private space: sign in)');
const noSuch = ErrorBody.describe('No such published space or comment (also: one the caller may not see)');
const rateLimited = ErrorBody.describe(
  'RATE_LIMITED: the caller comments too quickly; `details.retryAfterSeconds` (and Retry-After) say when to try again',
);

/** Comments on published spaces (platform.md §2.7, §3 'Comment'). */
export default async function commentRoutes(
  instance: FastifyInstance,
  { comments }: { comments: CommentService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/comments/scene/:sceneId',
    {
      schema: {
        tags: ['social'],
        summary: "A published space's comments",
        description:
          'Threads (top-level comments) newest first, paged with cp/ipp; each with its replies as ' +
          '`childComments`, oldest first (the first 100; `replyCount` says how many). Comments hidden by the ' +
          "space's owner are listed to the owner only, marked `hidden`. Readable by whoever may see the space.",
        params: CommentSceneParams,
        querystring: CommentsQuery,
        response: { 200: CommentPage, 400: ErrorBody, 401: unauthorized, 403: ErrorBody, 404: noSuch },
      },
    },
    async (request) => comments.list(request.params.sceneId, request.auth, request.query),
  );

  app.post(
    '/comments/scene/:sceneId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Comment on a published space, or reply',
        description:
          'A comment, or a reply to `parentCommentId`. Threads are one level deep: a reply to a reply joins ' +
          'the thread of its top-level comment. Body: plain text, trimmed, 1 to 2000 characters.',
        params: CommentSceneParams,
        body: NewComment,
        response: {
          201: Comment,
          400: ErrorBody.describe('VALIDATION_FAILED: empty or too long body'),
          401: unauthorized,
          403: ErrorBody.describe(
            "COMMENTS_OFF: the space's publish form turned comments off (or FORBIDDEN)",
          ),
          404: noSuch,
          429: rateLimited,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await comments.create(request.params.sceneId, callerOf(request), request.body)),
  );

  app.patch(
    '/comments/:commentId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Edit a comment',
        description: 'The author only. A changed body marks the comment `edited` and moves `updatedAt`.',
        params: CommentIdParams,
        body: CommentChange,
        response: {
          200: Comment,
          400: ErrorBody,
          401: unauthorized,
          403: ErrorBody.describe('Not the author (FORBIDDEN), or comments are off (COMMENTS_OFF)'),
          404: noSuch,
        },
      },
    },
    async (request) => comments.edit(request.params.commentId, callerOf(request), request.body.body),
  );

  app.delete(
    '/comments/:commentId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Delete a comment',
        description: "The author or the space's owner. Deleting a comment deletes its replies.",
        params: CommentIdParams,
        response: {
          204: z.null().describe('Deleted'),
          401: unauthorized,
          403: ErrorBody.describe("Neither the author nor the space's owner"),
          404: noSuch,
        },
      },
    },
    async (request, reply) => {
      await comments.remove(request.params.commentId, callerOf(request));
      return reply.code(204).send(null);
    },
  );

  for (const [action, hidden] of [
    ['hide', true],
    ['unhide', false],
  ] as const) {
    app.post(
      `/comments/:commentId/${action}`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['social'],
          summary: hidden ? 'Hide a comment on your space' : 'Show a hidden comment again',
          description: hidden
            ? "The space's owner only. A hidden comment (and a hidden thread's replies) is listed to the owner alone."
            : "The space's owner only.",
          params: CommentIdParams,
          response: {
            200: Comment,
            401: unauthorized,
            403: ErrorBody.describe("Not the space's owner"),
            404: noSuch,
          },
        },
      },
      async (request) => comments.setHidden(request.params.commentId, callerOf(request), hidden),
    );
  }
}
