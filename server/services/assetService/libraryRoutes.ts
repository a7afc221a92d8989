import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Asset,
  AssetIdParams,
  AssetInput,
  AssetPage,
  AssetStorage,
  formatBytes,
  MyLibraryQuery,
  storageQuotaBytes,
} from '../../../contracts/assets';
import { ErrorBody } from '../../../contracts/errors';
import { callerOf } from '../../http/caller';
import type { AssetLibrary } from './library';

const quotaText = Object.entries(storageQuotaBytes)
  .map(([plan, bytes]) => `${plan} ${formatBytes(bytes)}`)
  .join(', ');

const validation = ErrorBody.describe(
  'A field is not valid, or a file is not one the caller uploaded or not of the kind the field takes ' +
    '(VALIDATION_FAILED, details: { path, message } per field); nothing is changed',
);
const notSignedIn = ErrorBody.describe('Not signed in');
const noSuchAsset = ErrorBody.describe("No such asset (also: another user's, or deleted)");
const quotaExceeded = ErrorBody.describe(
  `QUOTA_EXCEEDED: the library would pass the plan's storage (${quotaText}); details { used, limit, needed }`,
);

const inputDescription =
  'JSON: the fields of the asset type (`type` decides which). Files are uploaded to the file service ' +
  'first and named by id: `fileId` (picture, video, model or audio kind to match the type), `thumbnailId` ' +
  "(a picture) and a model's `audioFileId`. Each must be a file the caller uploaded.";

const UserLibraryParams = z.object({ userId: z.string().min(1).max(128).describe('The user id') });

/** The asset library: a creator's own assets, their list with search and tags, and the storage used. */
export function libraryRoutes(instance: FastifyInstance, library: AssetLibrary) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/asset',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: 'Add an asset to the library',
        description: `${inputDescription} The asset is owned by the caller.`,
        body: AssetInput,
        response: { 201: Asset, 400: validation, 401: notSignedIn, 413: quotaExceeded },
      },
    },
    async (request, reply) => reply.code(201).send(await library.create(callerOf(request), request.body)),
  );

  app.get(
    '/asset/myLibrary',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: "The caller's assets",
        description:
          'Newest change first (never deleted ones), paged with cp and ipp; `type` keeps one type, ' +
          '`search` keeps assets whose title or description contains every word, `tags` those with ' +
          'every tag.',
        querystring: MyLibraryQuery,
        response: { 200: AssetPage, 400: ErrorBody, 401: notSignedIn },
      },
    },
    async (request) => library.myLibrary(callerOf(request), request.query),
  );

  app.get(
    '/asset/user/:userId',
    {
      schema: {
        tags: ['asset library'],
        summary: "A user's Content library, as their profile shows it",
        description:
          'Newest change first, paged with cp and ipp, filtered like myLibrary. Open to anybody; ' +
          'empty for everybody but its owner when the owner hides their content library.',
        params: UserLibraryParams,
        querystring: MyLibraryQuery,
        response: { 200: AssetPage, 400: ErrorBody, 404: ErrorBody.describe('No such user') },
      },
    },
    async (request) => library.userLibrary(request.auth ?? null, request.params.userId, request.query),
  );

  app.get(
    '/asset/storage',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: "The library's storage: used and the plan's limit",
        description: `Bytes of the files the caller's assets refer to (each once). Limits per plan: ${quotaText}.`,
        response: { 200: AssetStorage, 401: notSignedIn },
      },
    },
    async (request) => library.storage(callerOf(request)),
  );

  app.get(
    '/asset/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: 'One asset of the caller',
        params: AssetIdParams,
        response: { 200: Asset, 401: notSignedIn, 404: noSuchAsset },
      },
    },
    async (request) => library.get(callerOf(request), request.params.id),
  );

  app.put(
    '/asset/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: 'Edit an asset',
        description: `${inputDescription} Replaces every field; the type cannot change. Owner only.`,
        params: AssetIdParams,
        body: AssetInput,
        response: { 200: Asset, 400: validation, 401: notSignedIn, 404: noSuchAsset, 413: quotaExceeded },
      },
    },
    async (request) => library.edit(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/asset/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: 'Delete an asset',
        description:
          'Removes it from the library and frees its storage. Spaces that placed it keep working: ' +
          'their files stay while any space refers to them. Owner only.',
        params: AssetIdParams,
        response: { 204: z.null().describe('Deleted'), 401: notSignedIn, 404: noSuchAsset },
      },
    },
    async (request, reply) => {
      await library.remove(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
