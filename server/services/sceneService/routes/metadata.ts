import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../contracts/errors';
import {
  CreateSceneAnswer,
  DraftsLimitAnswer,
  MyScenesQuery,
  SceneIdParams,
  SceneMetadata,
  SceneMetadataFields,
  SceneMetadataPage,
  VisibilityForm,
} from '../../../../contracts/scenes';
import { closeUnreadBody, handlerReadsBody } from '../../../http/bodies';
import { callerOf } from '../../../http/caller';
import { readMetadataInput, readVisibility } from '../form';
import { draftLimitResponse, type SceneRoutesOptions, sceneResponses } from './common';

const formResponses = {
  400: ErrorBody.describe(
    'A field is not valid (VALIDATION_FAILED, details: one { path, message } per field)',
  ),
  413: ErrorBody.describe('A picture is larger than 8 MiB, or too many parts'),
  415: ErrorBody.describe('A picture is not a jpg, jpeg, png or webp picture'),
};

const formDescription =
  'multipart/form-data with any of the fields (booleans as true/false; `tags` repeated or one comma- or ' +
  'semicolon-separated value; `photoGallery` text values are gallery urls to keep, in order) and the ' +
  'picture parts `coverPhoto` (one) and `photoGallery` (repeatable; appended after the kept ones), or a ' +
  'JSON body with the fields typed. Unknown fields are refused; nothing is changed unless every field ' +
  'and picture is valid.';

/** A space's metadata: create a draft, the caller's spaces and draft limit, read, change, hide. */
export default async function metadataRoutes(instance: FastifyInstance, { service }: SceneRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

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
}
