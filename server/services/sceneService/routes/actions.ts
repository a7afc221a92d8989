import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../contracts/errors';
import {
  PublishAnswer,
  PublishForm,
  publishMessages,
  UnpublishAnswer,
} from '../../../../contracts/publishing';
import { CreateSceneAnswer, deletedSceneRetentionDays, SceneIdParams } from '../../../../contracts/scenes';
import { callerOf } from '../../../http/caller';
import { draftLimitResponse, type SceneRoutesOptions, sceneResponses } from './common';

/** What an owner does with a whole space: publish, unpublish, delete, duplicate. */
export default async function actionRoutes(
  instance: FastifyInstance,
  { service, publishing }: SceneRoutesOptions,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

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
