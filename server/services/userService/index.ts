import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import {
  DeleteUserBody,
  UserFull,
  UserIdParams,
  UserPatchForm,
  UserPublic,
  UserSearchAnswer,
  UserSearchQuery,
  userServicePrefix,
} from '../../../contracts/users';
import { closeUnreadBody, handlerReadsBody } from '../../http/bodies';
import { callerOf } from '../../http/caller';
import { readProfileInput } from './form';
import districtRoutes from './districtRoutes';
import groupRoutes from './groupRoutes';
import { type AccountDirectory, localAccounts, UserService } from './service';

export interface UserServiceRoutesOptions {
  /** Where passwords are checked and accounts deleted; the embedded provider's accounts by default. */
  accounts?: AccountDirectory;
}

const noRecordYet = {
  code: 'NOT_FOUND',
  message: 'No user record yet: create it with POST /api/userService/user',
} as const;

const profileResponses = {
  400: ErrorBody.describe(
    'A field is not valid (VALIDATION_FAILED, details: one { path, message } per field)',
  ),
  401: ErrorBody.describe('Not signed in'),
  409: ErrorBody.describe('The username is taken, or (POST) the record exists'),
  413: ErrorBody.describe('A picture is larger than 8 MiB'),
  415: ErrorBody.describe('A picture is not a jpg, jpeg, png or webp picture'),
};

/**
 * The user service (platform.md §7.2): the caller's record, profiles, pictures, search and
 * account deletion. Registered under /api/userService.
 */
export default async function userServiceRoutes(
  instance: FastifyInstance,
  options: UserServiceRoutesOptions,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { identity } = app.config;
  const service = new UserService({
    db: app.db,
    store: app.blobStore,
    accounts: options.accounts ?? localAccounts(app.db),
    loginProvider: identity.embedded ? 'local' : identity.issuer,
    log: app.log,
  });

  app.get(
    '/user/my',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: "The caller's user record",
        description:
          'The session and full user of the caller. When the caller has no record yet: 302 with ' +
          'Location /api/userService/user and a NOT_FOUND body; the app then creates it with POST /user.',
        response: {
          200: UserFull,
          302: ErrorBody.describe('No user record yet (Location: /api/userService/user)'),
          401: ErrorBody.describe('Not signed in'),
        },
      },
    },
    async (request, reply) => {
      const user = await service.mine(callerOf(request));
      if (!user) return reply.code(302).header('location', `${userServicePrefix}/user`).send(noRecordYet);
      return user;
    },
  );

  app.get(
    '/user',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: "The caller's user record (where GET /user/my redirects)",
        description:
          'As GET /user/my, but 404 NOT_FOUND when there is no record yet: a client that follows the redirect learns it here.',
        response: {
          200: UserFull,
          401: ErrorBody.describe('Not signed in'),
          404: ErrorBody.describe('No record yet'),
        },
      },
    },
    async (request, reply) => {
      const user = await service.mine(callerOf(request));
      if (!user) return reply.code(404).send(noRecordYet);
      return user;
    },
  );

  app.post(
    '/user',
    {
      preHandler: app.requireUser,
      onError: closeUnreadBody,
      validatorCompiler: handlerReadsBody,
      schema: {
        tags: ['users'],
        summary: "Create the caller's user record",
        description:
          'multipart/form-data (or JSON) with the fields of PATCH /user/{id}; `name` defaults to the name ' +
          "the sign-in gave. The id is the caller's, the e-mail the sign-in's.",
        consumes: ['multipart/form-data', 'application/json'],
        body: UserPatchForm.nullish(),
        response: { 201: UserFull, ...profileResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const user = await service.create(caller, await readProfileInput(request));
      return reply.code(201).send(user);
    },
  );

  app.get(
    '/user/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A user',
        description: 'Public: what anyone may see of a user. The owner gets the full record (UserFull).',
        params: UserIdParams,
        response: { 200: z.union([UserFull, UserPublic]), 404: ErrorBody.describe('No such user') },
      },
    },
    async (request) => service.view(request.params.id, request.auth),
  );

  app.patch(
    '/user/:id',
    {
      preHandler: app.requireUser,
      onError: closeUnreadBody,
      validatorCompiler: handlerReadsBody,
      schema: {
        tags: ['users'],
        summary: 'Change a profile (owner only)',
        description:
          'multipart/form-data with any of the editable fields and the picture parts `profilePicture` ' +
          'and `coverPhoto` (or a JSON body with the fields typed). Unknown fields are refused. Nothing ' +
          'is changed unless every field and picture is valid.',
        consumes: ['multipart/form-data', 'application/json'],
        params: UserIdParams,
        body: UserPatchForm.nullish(),
        response: {
          200: UserFull,
          ...profileResponses,
          403: ErrorBody.describe('Not the owner'),
          404: ErrorBody.describe('No such user'),
        },
      },
    },
    async (request) => service.update(request.params.id, callerOf(request), () => readProfileInput(request)),
  );

  app.delete(
    '/user/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Delete the account (owner only, irreversible)',
        description:
          'Confirms the password, then removes the user record, their files and the sign-in account. ' +
          "A wrong password answers 400 VALIDATION_FAILED 'Incorrect Password'.",
        params: UserIdParams,
        body: DeleteUserBody,
        response: {
          204: z.null().describe('Deleted'),
          400: ErrorBody.describe("'Incorrect Password', or no password"),
          401: ErrorBody.describe('Not signed in'),
          403: ErrorBody.describe('Not the owner'),
          404: ErrorBody.describe('No such user'),
        },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, callerOf(request), request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/search',
    {
      schema: {
        tags: ['users'],
        summary: 'Find users',
        description:
          'Users who let themselves be found (searchable) whose name or username contains q ' +
          '(case-insensitive), by name; public fields only.',
        querystring: UserSearchQuery,
        response: { 200: UserSearchAnswer, 400: ErrorBody },
      },
    },
    async (request) => service.search(request.query),
  );

  await app.register(groupRoutes);
  await app.register(districtRoutes, {
    publicOrigin: app.config.publicOrigin,
    baseDomain: app.config.BASE_DOMAIN,
  });
}
