import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DistrictIdParams, districtMessages, districtOrigin } from '../../../contracts/districts';
import {
  DistrictSpaceAsk,
  districtSpaceMessages,
  DistrictSpaceRequest,
  DistrictSpaceRequestPage,
  DistrictSpaceRequestParams,
  DistrictSpaceRequestQuery,
} from '../../../contracts/districtSpaces';
import { ErrorBody } from '../../../contracts/errors';
import { callerOf } from '../../http/caller';
import { districtListsChanged } from '../sceneService/sceneDistricts';
import type { DistrictService } from './districtService';
import { DistrictSpaceRequests } from './districtSpaces';

const signedIn = { 401: ErrorBody.describe('Not signed in') };
const badInput = { 400: ErrorBody.describe('A field is not valid (VALIDATION_FAILED)') };
const refused = {
  403: ErrorBody.describe(
    `'${districtSpaceMessages.membersOnly}', '${districtMessages.noAccess}' or not an Owner`,
  ),
};
const missing = { 404: ErrorBody.describe('No such district, space or request') };

/**
 * Hosting and promotion requests of a district (contracts/districtSpaces.ts): members ask, Owners
 * answer. Registered by districtRoutes with its DistrictService, whose cached counts they change.
 */
export function districtSpaceRoutes(
  instance: FastifyInstance,
  districts: DistrictService,
  hosts: { publicOrigin: string; baseDomain: string },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const requests = new DistrictSpaceRequests({
    db: app.db,
    districts,
    notifications: app.hasDecorator('notifications') ? app.notifications : undefined,
    requestsPage: (subdomain) =>
      `${districtOrigin(hosts.publicOrigin, hosts.baseDomain, subdomain)}/spaces/hosting-requests`,
    changed: () => {
      districts.changed();
      districtListsChanged();
    },
  });

  app.post(
    '/district/:id/spaceRequests',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: 'Ask a district to host or promote a space',
        description:
          'A member asks for one of their published spaces: `hosting` lists it in the district too, ' +
          '`promotion` puts a space the district lists in its Promoted list. An Owner’s ask is accepted ' +
          'at once (and Owners may promote any space the district lists). 409 when already asked or ' +
          'already there; 422 when the space is not published, or not in the district for a promotion.',
        params: DistrictIdParams,
        body: DistrictSpaceAsk,
        response: {
          201: DistrictSpaceRequest,
          ...badInput,
          ...signedIn,
          ...refused,
          ...missing,
          409: ErrorBody.describe(
            `'${districtSpaceMessages.alreadyAsked}' or '${districtSpaceMessages.alreadyHosted}'`,
          ),
          422: ErrorBody.describe(
            `'${districtSpaceMessages.notPublished}' or '${districtSpaceMessages.notInDistrict}'`,
          ),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await requests.ask(request.params.id, callerOf(request).userId, request.body)),
  );

  app.get(
    '/district/:id/spaceRequests',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: "A district's hosting and promotion requests",
        description:
          'Owners see everyone’s; other members their own. Open ones unless `state` says otherwise.',
        params: DistrictIdParams,
        querystring: DistrictSpaceRequestQuery,
        response: { 200: DistrictSpaceRequestPage, ...badInput, ...signedIn, ...refused, ...missing },
      },
    },
    async (request) => requests.list(request.params.id, callerOf(request).userId, request.query),
  );

  for (const [verb, accept] of [
    ['accept', true],
    ['decline', false],
  ] as const) {
    app.post(
      `/district/:id/spaceRequests/:requestId/${verb}`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['districts'],
          summary: `${accept ? 'Accept' : 'Decline'} a request (Owners)`,
          description: accept
            ? 'Hosting: the space is listed by the district from now on. Promotion: it joins the Promoted list.'
            : 'The member may ask again later.',
          params: DistrictSpaceRequestParams,
          response: {
            200: DistrictSpaceRequest,
            ...signedIn,
            ...refused,
            ...missing,
            409: ErrorBody.describe(`'${districtSpaceMessages.notPending}'`),
            422: ErrorBody.describe(`'${districtSpaceMessages.notPublished}'`),
          },
        },
      },
      async (request) =>
        requests.decide(request.params.id, request.params.requestId, callerOf(request).userId, accept),
    );
  }

  app.delete(
    '/district/:id/spaceRequests/:requestId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: 'Withdraw a request, or take a hosted or promoted space off',
        description:
          'Its member withdraws their own; an Owner removes any. A space taken off hosting leaves the ' +
          'Promoted list too unless it is in one of the district’s slots.',
        params: DistrictSpaceRequestParams,
        response: { 204: z.null(), ...signedIn, ...refused, ...missing },
      },
    },
    async (request, reply) => {
      await requests.remove(request.params.id, request.params.requestId, callerOf(request).userId);
      return reply.code(204).send(null);
    },
  );
}
