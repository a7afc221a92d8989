import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  District,
  DistrictAccess,
  DistrictChanges,
  DistrictCreateFields,
  DistrictIdParams,
  DistrictInvitation,
  DistrictInvitationList,
  DistrictInviteBody,
  DistrictMemberChange,
  DistrictMemberPage,
  DistrictMemberParams,
  DistrictPage,
  DistrictPageQuery,
  DistrictSlot,
  DistrictSlotList,
  districtMessages,
  InvitationCodeParams,
  MemberPageQuery,
  SlotAllocationBody,
  SlotAllocationParams,
  SubdomainAvailability,
  SubdomainParams,
} from '../../../contracts/districts';
import { ErrorBody } from '../../../contracts/errors';
import { UserIdParams } from '../../../contracts/users';
import { closeUnreadBody, handlerReadsBody } from '../../http/bodies';
import { callerOf } from '../../http/caller';
import { readPictureForm } from '../../http/pictureForm';
import { DistrictMembers } from './districtMembers';
import { districtSpaceRoutes } from './districtSpaceRoutes';
import { districtPictureFields, DistrictService } from './districtService';

const signedIn = { 401: ErrorBody.describe('Not signed in') };
const badInput = {
  400: ErrorBody.describe('A field is not valid (VALIDATION_FAILED, one detail per field)'),
};
const noDistrict = { 404: ErrorBody.describe(`'${districtMessages.notFound}'`) };
const noAccess = {
  403: ErrorBody.describe(`'${districtMessages.noAccess}' (a private district), or not an Owner`),
};
const pictureErrors = {
  413: ErrorBody.describe('A picture is larger than 8 MiB'),
  415: ErrorBody.describe('A picture is not a jpg, jpeg, png or webp picture'),
};
const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Makes a repeated submit safe: the same key answers the district it made'),
});
const SideQuery = DistrictPageQuery.extend({
  side: z.enum(['my', 'others', 'following']).default('my').describe('Owned, a Creator in, or followed'),
});

/**
 * Districts of the user service (platform.md §7.2 'districts, available/{subdomain},
 * districtAccess/{subdomain}, invitation/{code}/accept, members, invite, my, search';
 * districts-commerce-spaces.md §7): making and reading districts, their settings, members,
 * invitations and slots.
 */
export default async function districtRoutes(
  instance: FastifyInstance,
  options: { publicOrigin: string; baseDomain: string },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new DistrictService({ db: app.db, store: app.blobStore });
  const people = new DistrictMembers({ db: app.db, districts: service, ...options });
  const who = (request: { auth?: { userId: string } | null }) => request.auth?.userId ?? null;
  districtSpaceRoutes(instance, service, options);

  app.post(
    '/district/districts',
    {
      preHandler: app.requireUser,
      onError: closeUnreadBody,
      validatorCompiler: handlerReadsBody,
      schema: {
        tags: ['districts'],
        summary: 'Make a district (Pro)',
        description:
          'multipart/form-data (districts-commerce-spaces.md §3, §7): title, subdomain, public, visible, ' +
          'freeSpaceTemplateId, and optional `photo` (logo) and `coverPhoto` parts. The caller becomes its ' +
          'Owner; it gets the plan’s 4 district slots and the chosen premade space. With an Idempotency-Key ' +
          'a repeated submit answers the district already made (200).',
        consumes: ['multipart/form-data', 'application/json'],
        headers: IdempotencyHeaders,
        body: DistrictCreateFields.partial().nullish(),
        response: {
          200: District,
          201: District,
          ...badInput,
          ...signedIn,
          403: ErrorBody.describe(`'${districtMessages.proRequired}'`),
          409: ErrorBody.describe(`'${districtMessages.taken}'`),
          ...pictureErrors,
        },
      },
    },
    async (request, reply) => {
      const input = await readPictureForm(request, DistrictCreateFields, districtPictureFields, [
        'coverPhoto',
      ]);
      const { district, created } = await service.create(
        callerOf(request),
        input,
        request.headers['idempotency-key'],
      );
      return reply.code(created ? 201 : 200).send(district);
    },
  );

  app.get(
    '/district/available/:subdomain',
    {
      schema: {
        tags: ['districts'],
        summary: 'Whether a subdomain can be taken',
        description: `200 when free; 400 when it breaks the rules or is reserved ('Subdomain cannot be "…"'); 409 '${districtMessages.taken}'.`,
        params: SubdomainParams,
        response: {
          200: SubdomainAvailability,
          ...badInput,
          409: ErrorBody.describe(`'${districtMessages.taken}'`),
        },
      },
    },
    async (request) => service.available(request.params.subdomain),
  );

  app.get(
    '/district/districtAccess/:subdomain',
    {
      schema: {
        tags: ['districts'],
        summary: "What the caller may do on a district's host",
        description: 'Whether the district is public, whether the caller may see it, and their role in it.',
        params: SubdomainParams,
        response: { 200: DistrictAccess, ...noDistrict },
      },
    },
    async (request) => service.access(request.params.subdomain, who(request)),
  );

  app.get(
    '/district/info/:subdomain',
    {
      schema: {
        tags: ['districts'],
        summary: 'A district by its subdomain',
        description: `A public district to anyone, a private one to its members (403 '${districtMessages.noAccess}').`,
        params: SubdomainParams,
        response: { 200: District, ...noAccess, ...noDistrict },
      },
    },
    async (request, reply) => {
      // Every visit of a district's host asks for this: its JSON is made once per kind of caller.
      // (A string with a JSON type is sent as it is: the schema's types do not know that.)
      const json = await service.bySubdomainJson(request.params.subdomain, who(request));
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/district/search',
    {
      schema: {
        tags: ['districts'],
        summary: 'Find districts (Explore › Districts)',
        description:
          'Public, listed districts whose title or subdomain has the words; sorted newest, by title, followers or spaces.',
        querystring: DistrictPageQuery,
        response: { 200: DistrictPage, ...badInput },
      },
    },
    async (request) => service.search(request.query, who(request)),
  );

  app.get(
    '/district/my',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: "The caller's districts",
        description: 'Districts the caller is a member of (Owner or Creator).',
        querystring: DistrictPageQuery,
        response: { 200: DistrictPage, ...badInput, ...signedIn },
      },
    },
    async (request) => service.mine(callerOf(request).userId, request.query),
  );

  app.get(
    '/district/user/:id',
    {
      schema: {
        tags: ['districts'],
        summary: "A user's districts, as their profile lists them",
        description:
          "`side`: 'my' (owned), 'others' (a Creator in) or 'following'. Others see the public ones and those they are members of.",
        params: UserIdParams,
        querystring: SideQuery,
        response: { 200: DistrictPage, ...badInput },
      },
    },
    async (request) => {
      const { side, ...query } = request.query;
      return service.ofUser(request.params.id, side, who(request), query);
    },
  );

  app.post(
    '/district/invitation/:code/accept',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: 'Accept an invitation to a district',
        description:
          'Called when someone arrives on a district host with ?invitation_code=…: they become a member ' +
          '(a member already stays as they are). An e-mail invitation is for its address and works once.',
        params: InvitationCodeParams,
        response: {
          200: z.object({
            districtId: z.string(),
            subdomain: z.string(),
            districtUserRole: z.enum(['Owner', 'Creator']),
          }),
          ...badInput,
          ...signedIn,
          403: ErrorBody.describe('The invitation was sent to another e-mail address'),
          404: ErrorBody.describe(`'${districtMessages.invitationUnknown}'`),
        },
      },
    },
    async (request) => people.accept(request.params.code, callerOf(request)),
  );

  app.get(
    '/district/:id',
    {
      schema: {
        tags: ['districts'],
        summary: 'A district',
        params: DistrictIdParams,
        response: { 200: District, ...noAccess, ...noDistrict },
      },
    },
    async (request) => service.get(request.params.id, who(request)),
  );

  app.patch(
    '/district/:id',
    {
      preHandler: app.requireUser,
      onError: closeUnreadBody,
      validatorCompiler: handlerReadsBody,
      schema: {
        tags: ['districts'],
        summary: 'Change a district (Owners)',
        description:
          'General and appearance settings: title, public, visible, subtitle, description, socialMedia (JSON list ' +
          'of { name, url }), styles (JSON { theme, fontFamily }), and the `photo` (logo) and `coverPhoto` parts ' +
          '(an empty value removes one).',
        consumes: ['multipart/form-data', 'application/json'],
        params: DistrictIdParams,
        body: DistrictChanges.nullish(),
        response: { 200: District, ...badInput, ...signedIn, ...noAccess, ...noDistrict, ...pictureErrors },
      },
    },
    async (request) =>
      service.update(request.params.id, callerOf(request), () =>
        readPictureForm(request, DistrictChanges, districtPictureFields, ['coverPhoto']),
      ),
  );

  app.get(
    '/district/:id/members',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: 'Who is in a district (members)',
        description: 'Owners first, then newest; the login e-mail shows to Owners only.',
        params: DistrictIdParams,
        querystring: MemberPageQuery,
        response: { 200: DistrictMemberPage, ...badInput, ...signedIn, ...noAccess, ...noDistrict },
      },
    },
    async (request) =>
      people.list(request.params.id, callerOf(request).userId, request.query.cp, request.query.ipp),
  );

  app.patch(
    '/district/:id/members/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: "Change a member's role (Owners)",
        params: DistrictMemberParams,
        body: DistrictMemberChange,
        response: {
          204: z.null(),
          ...badInput,
          ...signedIn,
          ...noAccess,
          404: ErrorBody.describe('No such district, or the user is not a member'),
          422: ErrorBody.describe(`'${districtMessages.ownerStays}'`),
        },
      },
    },
    async (request, reply) => {
      if (request.body.role)
        await people.changeRole(
          request.params.id,
          callerOf(request).userId,
          request.params.userId,
          request.body.role,
        );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/district/:id/members/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: 'Remove a member (Owners), or leave (one’s own id)',
        params: DistrictMemberParams,
        response: {
          204: z.null(),
          ...signedIn,
          ...noAccess,
          404: ErrorBody.describe('No such district, or the user is not a member'),
          422: ErrorBody.describe(`'${districtMessages.ownerStays}'`),
        },
      },
    },
    async (request, reply) => {
      await people.remove(request.params.id, callerOf(request).userId, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/district/:id/invite',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: 'Invite to a district (Owners)',
        description:
          'Without a body: a link anyone who has it may use until it is withdrawn. With `email`: an invitation ' +
          'for that address, e-mailed and used once. Members join as Creators.',
        params: DistrictIdParams,
        body: DistrictInviteBody.nullish(),
        response: {
          200: DistrictInvitation,
          ...badInput,
          ...signedIn,
          ...noAccess,
          ...noDistrict,
          422: ErrorBody,
        },
      },
    },
    async (request) => people.invite(request.params.id, callerOf(request), request.body?.email),
  );

  app.get(
    '/district/:id/invitations',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: "A district's open invitations (Owners)",
        params: DistrictIdParams,
        response: { 200: DistrictInvitationList, ...signedIn, ...noAccess, ...noDistrict },
      },
    },
    async (request) => people.invitations(request.params.id, callerOf(request).userId),
  );

  app.delete(
    '/district/:id/invitations/:code',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: 'Withdraw an invitation (Owners)',
        params: DistrictIdParams.extend(InvitationCodeParams.shape),
        response: { 204: z.null(), ...signedIn, ...noAccess, ...noDistrict },
      },
    },
    async (request, reply) => {
      await people.withdraw(request.params.id, callerOf(request).userId, request.params.code);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/district/:id/slots',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: "A district's slots",
        description:
          'All of them with their allocations for Owners; the ones allocated to the caller for Creators.',
        params: DistrictIdParams,
        response: { 200: DistrictSlotList, ...signedIn, ...noAccess, ...noDistrict },
      },
    },
    async (request) => people.slots(request.params.id, callerOf(request).userId),
  );

  app.put(
    '/district/:id/slots/:slotId/allocation',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['districts'],
        summary: 'Allocate a slot to a member (Owners)',
        description: 'The member may then publish into it; `userId: null` takes it back.',
        params: SlotAllocationParams,
        body: SlotAllocationBody,
        response: {
          200: DistrictSlot,
          ...badInput,
          ...signedIn,
          ...noAccess,
          404: ErrorBody.describe('No such district or slot, or the user is not a member'),
        },
      },
    },
    async (request) =>
      people.allocate(
        request.params.id,
        callerOf(request).userId,
        request.params.slotId,
        request.body.userId,
      ),
  );
}
