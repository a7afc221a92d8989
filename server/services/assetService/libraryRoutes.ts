import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Asset,
  AssetIdParams,
  AssetInput,
  AssetPage,
  AssetStorage,
  DistrictAssetParams,
  DistrictLibraryParams,
  districtLibraryMessages,
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

  districtLibraryRoutes(instance, library);
}

const notMember = ErrorBody.describe(
  `FORBIDDEN: the caller is not a member of the district ("${districtLibraryMessages.membersOnly}"), ` +
    `or, to change an asset, neither its creator nor an Owner ("${districtLibraryMessages.notYours}")`,
);
const noSuchDistrict = ErrorBody.describe('No such district');
const noSuchDistrictAsset = ErrorBody.describe(
  "No such district, or no such asset in the district's library (also: deleted)",
);
const districtQuota = ErrorBody.describe(
  "QUOTA_EXCEEDED: the district's library would pass the storage of its owner's plan " +
    `(${quotaText}); details { used, limit, needed }`,
);
const districtRules =
  "The district's library: its members (Owners and Creators) list, read and add assets; an " +
  'asset is changed or deleted by the member who added it or by an Owner. Its assets are never ' +
  "in a member's own library (/asset/myLibrary), nor theirs in it.";

/**
 * A district's library (issue 22 'Library'): the same calls as the caller's own library, under
 * /asset/district/{districtId}. A separate path rather than a `districtId` query keeps each
 * library's address, its answers and its documented refusals apart.
 */
function districtLibraryRoutes(instance: FastifyInstance, library: AssetLibrary) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/asset/district/:districtId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: "A district's library",
        description: `${districtRules} Newest change first (never deleted ones), paged with cp and ipp, filtered like myLibrary.`,
        params: DistrictLibraryParams,
        querystring: MyLibraryQuery,
        response: { 200: AssetPage, 400: ErrorBody, 401: notSignedIn, 403: notMember, 404: noSuchDistrict },
      },
    },
    async (request) => library.myLibrary(callerOf(request), request.query, request.params.districtId),
  );

  app.post(
    '/asset/district/:districtId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: "Add an asset to a district's library",
        description: `${inputDescription} ${districtRules} The caller is the asset's creator.`,
        params: DistrictLibraryParams,
        body: AssetInput,
        response: {
          201: Asset,
          400: validation,
          401: notSignedIn,
          403: notMember,
          404: noSuchDistrict,
          413: districtQuota,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await library.create(callerOf(request), request.body, request.params.districtId)),
  );

  app.get(
    '/asset/district/:districtId/storage',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: "A district library's storage: used and the limit of its owner's plan",
        description:
          "Bytes of the files the district's assets refer to (each once). The district's library is a " +
          `pool of its own, sized by the plan of the district's owner: ${quotaText}. For members.`,
        params: DistrictLibraryParams,
        response: { 200: AssetStorage, 401: notSignedIn, 403: notMember, 404: noSuchDistrict },
      },
    },
    async (request) => library.storage(callerOf(request), request.params.districtId),
  );

  app.get(
    '/asset/district/:districtId/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: "One asset of a district's library",
        description: 'For members of the district.',
        params: DistrictAssetParams,
        response: { 200: Asset, 401: notSignedIn, 403: notMember, 404: noSuchDistrictAsset },
      },
    },
    async (request) => library.get(callerOf(request), request.params.id, request.params.districtId),
  );

  app.put(
    '/asset/district/:districtId/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: "Edit an asset of a district's library",
        description:
          `${inputDescription} A file the asset already has may stay. Replaces every field; the type ` +
          'cannot change. Its creator or an Owner of the district.',
        params: DistrictAssetParams,
        body: AssetInput,
        response: {
          200: Asset,
          400: validation,
          401: notSignedIn,
          403: notMember,
          404: noSuchDistrictAsset,
          413: districtQuota,
        },
      },
    },
    async (request) =>
      library.edit(callerOf(request), request.params.id, request.body, request.params.districtId),
  );

  app.delete(
    '/asset/district/:districtId/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['asset library'],
        summary: "Delete an asset of a district's library",
        description:
          "Removes it from the district's library and frees its storage; spaces that placed it keep " +
          'working. Its creator or an Owner of the district.',
        params: DistrictAssetParams,
        response: {
          204: z.null().describe('Deleted'),
          401: notSignedIn,
          403: notMember,
          404: noSuchDistrictAsset,
        },
      },
    },
    async (request, reply) => {
      await library.remove(callerOf(request), request.params.id, request.params.districtId);
      return reply.code(204).send(null);
    },
  );
}
