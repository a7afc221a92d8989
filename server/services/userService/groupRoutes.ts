import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import {
  Group,
  GroupChanges,
  GroupCreateFields,
  GroupDistrictParams,
  GroupIdParams,
  GroupInvitationQuery,
  GroupList,
  GroupMemberPage,
  GroupMemberPageQuery,
  GroupMemberParams,
  GroupPage,
  GroupPageQuery,
  GroupsManyQuery,
  InviteAnswer,
  InviteBody,
} from '../../../contracts/groups';
import { UserIdParams } from '../../../contracts/users';
import { closeUnreadBody, handlerReadsBody } from '../../http/bodies';
import { callerOf } from '../../http/caller';
import { readPictureForm } from '../../http/pictureForm';
import { GroupService } from './groupService';

const signedIn = { 401: ErrorBody.describe('Not signed in') };
const badInput = {
  400: ErrorBody.describe('A field is not valid (VALIDATION_FAILED, one detail per field)'),
};
const noGroup = { 404: ErrorBody.describe('No such group') };
const ownerOnly = { 403: ErrorBody.describe('Not the owner of the group') };
const districtErrors = {
  403: ErrorBody.describe('Not allowed: a private district (FORBIDDEN, as the district answers)'),
  404: ErrorBody.describe('No such district'),
};
const pictureErrors = {
  413: ErrorBody.describe('The image is larger than 8 MiB'),
  415: ErrorBody.describe('The image is not a jpg, jpeg, png or webp picture'),
};

/**
 * Groups of the user service (platform.md §7.2 'groups (group, {id}/members, my, me, many)'):
 * make, read, change and delete a group; the caller's groups and invitations; a user's groups as
 * their profile shows them; members, invitations, accepting, declining, leaving and removal.
 */
export default async function groupRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new GroupService({
    db: app.db,
    store: app.blobStore,
    notifications: app.hasDecorator('notifications') ? app.notifications : undefined,
    publicOrigin: app.config.publicOrigin,
  });

  app.post(
    '/groups/group',
    {
      preHandler: app.requireUser,
      onError: closeUnreadBody,
      validatorCompiler: handlerReadsBody,
      schema: {
        tags: ['groups'],
        summary: 'Make a group',
        description:
          'multipart/form-data with `title`, `description`, an optional `districtId` and an optional `image` ' +
          'picture part (or JSON with the fields). The caller owns the group and is its first member. With ' +
          "`districtId` it is the district's group: only an Owner of the district makes one (403 otherwise; " +
          '404 for a district the caller may not see), its Owners manage it and only its members may join.',
        consumes: ['multipart/form-data', 'application/json'],
        body: GroupCreateFields.partial().nullish(),
        response: {
          201: Group,
          ...badInput,
          ...signedIn,
          ...pictureErrors,
          403: ErrorBody.describe('Not an Owner of the district'),
          404: ErrorBody.describe('The caller has no user record yet, or no such district'),
          422: ErrorBody.describe('The caller (or the district) has as many groups as one may'),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const group = await service.create(
        caller,
        await readPictureForm(request, GroupCreateFields, ['image']),
      );
      return reply.code(201).send(group);
    },
  );

  app.get(
    '/groups/group/:id',
    {
      schema: {
        tags: ['groups'],
        summary: 'A group',
        description:
          "Public: the group's title, description, image, owner and member count; `membership` says what the caller is to it. " +
          "A private district's group shows to the district's members only (403 as the district answers).",
        params: GroupIdParams,
        response: {
          200: Group,
          ...badInput,
          ...noGroup,
          403: ErrorBody.describe("A private district's group"),
        },
      },
    },
    async (request) => service.get(request.params.id, request.auth?.userId ?? null),
  );

  app.patch(
    '/groups/group/:id',
    {
      preHandler: app.requireUser,
      onError: closeUnreadBody,
      validatorCompiler: handlerReadsBody,
      schema: {
        tags: ['groups'],
        summary: 'Change a group (owner only)',
        description:
          'multipart/form-data with any of `title`, `description` and an `image` part (an empty `image` ' +
          'value removes the image), or JSON with the fields (`image: null` removes it).',
        consumes: ['multipart/form-data', 'application/json'],
        params: GroupIdParams,
        body: GroupChanges.nullish(),
        response: { 200: Group, ...badInput, ...signedIn, ...ownerOnly, ...noGroup, ...pictureErrors },
      },
    },
    async (request) =>
      service.update(request.params.id, callerOf(request), () =>
        readPictureForm(request, GroupChanges, ['image']),
      ),
  );

  app.delete(
    '/groups/group/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['groups'],
        summary: 'Delete a group (owner only)',
        description:
          'The group and its memberships go; spaces that name it in an ACL let its members in no more.',
        params: GroupIdParams,
        response: { 204: z.null().describe('Deleted'), ...signedIn, ...ownerOnly, ...noGroup },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, callerOf(request).userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/groups/my',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['groups'],
        summary: "The caller's groups",
        description:
          'The groups the caller is a member of, their own included, newest joined first; `search` narrows by title.',
        querystring: GroupPageQuery,
        response: { 200: GroupPage, ...badInput, ...signedIn },
      },
    },
    async (request) => service.mine(callerOf(request).userId, request.query),
  );

  app.get(
    '/groups/my/invitations',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['groups'],
        summary: "The caller's open group invitations",
        description:
          'Groups the caller is invited to and has not answered, newest first; with `districtId` only ' +
          "that district's groups (the district's Groups › Invitations).",
        querystring: GroupInvitationQuery,
        response: { 200: GroupPage, ...badInput, ...signedIn },
      },
    },
    async (request) => service.invitations(callerOf(request).userId, request.query),
  );

  app.get(
    '/groups/user/:id',
    {
      schema: {
        tags: ['groups'],
        summary: "A user's groups, as their profile shows them",
        description:
          'Public. The groups the user is a member of; empty with `hidden: true` for others when the user ' +
          'hides their groups (Settings › Visibility).',
        params: UserIdParams,
        querystring: GroupPageQuery,
        response: { 200: GroupPage, ...badInput, 404: ErrorBody.describe('No such user') },
      },
    },
    async (request) => service.ofUser(request.params.id, request.auth?.userId ?? null, request.query),
  );

  app.get(
    '/groups/district/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['groups'],
        summary: "A district's groups (its Groups › All)",
        description:
          'Signed-in callers only. Newest first, each with its member count and `membership` (what the ' +
          "caller is to it; the district's Owners are 'owner'); `search` narrows by title. The district's " +
          'members see them; for a public district so does anyone signed in, who sees the groups but never ' +
          'who is in them (GET groups/{id}/members is for the members of a group). A private district ' +
          'answers others as the district does (403 FORBIDDEN); an unknown one 404.',
        params: GroupDistrictParams,
        querystring: GroupPageQuery,
        response: { 200: GroupPage, ...badInput, ...signedIn, ...districtErrors },
      },
    },
    async (request) => service.ofDistrict(request.params.id, callerOf(request).userId, request.query),
  );

  app.get(
    '/groups/many',
    {
      schema: {
        tags: ['groups'],
        summary: 'Groups by id',
        description:
          'The groups of `ids` that exist, in that order (a space names groups in its ACLs by id).',
        querystring: GroupsManyQuery,
        response: { 200: GroupList, ...badInput },
      },
    },
    async (request) => service.many(request.query.ids, request.auth?.userId ?? null),
  );

  app.get(
    '/groups/:id/members',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['groups'],
        summary: 'Who is in a group',
        description:
          'For its members and invited users: the owner first, then newest first. The owner also sees ' +
          'open invitations (`status: invited`).',
        params: GroupIdParams,
        querystring: GroupMemberPageQuery,
        response: {
          200: GroupMemberPage,
          ...badInput,
          ...signedIn,
          403: ErrorBody.describe('Not a member of the group'),
          ...noGroup,
        },
      },
    },
    async (request) => {
      const { cp, ipp } = request.query;
      return service.members(request.params.id, callerOf(request).userId, cp, ipp);
    },
  );

  app.post(
    '/groups/:id/members',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['groups'],
        summary: 'Invite users to a group (owner only)',
        description:
          'Each user not yet in the group is invited and told (notification `groupInvitation`); members ' +
          'and users invited already are left as they are. An unknown user fails the whole call (400). ' +
          "A district's group is managed by the district's Owners and takes members of the district only: " +
          'anyone else fails the whole call (422 BUSINESS_RULE, one detail per user at `/userIds/{i}`).',
        params: GroupIdParams,
        body: InviteBody,
        response: {
          200: InviteAnswer,
          ...badInput,
          ...signedIn,
          ...ownerOnly,
          ...noGroup,
          422: ErrorBody.describe(
            'The group would have more members and invitations than allowed, or (a district group) a user is not a member of the district',
          ),
        },
      },
    },
    async (request) => service.invite(request.params.id, callerOf(request).userId, request.body.userIds),
  );

  for (const answer of ['accept', 'decline'] as const)
    app.post(
      `/groups/:id/invitation/${answer}`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['groups'],
          summary:
            answer === 'accept' ? 'Accept an invitation to a group' : 'Decline an invitation to a group',
          description:
            answer === 'accept'
              ? 'The caller becomes a member: spaces restricted to the group let them in.'
              : 'The invitation is gone; the owner may invite the caller again.',
          params: GroupIdParams,
          response: {
            200: Group,
            ...badInput,
            ...signedIn,
            404: ErrorBody.describe('No such group, or no open invitation of the caller'),
            422: ErrorBody.describe(
              "A district's group, and the caller is no member of the district any more",
            ),
          },
        },
      },
      async (request) => service.respond(request.params.id, callerOf(request).userId, answer === 'accept'),
    );

  app.delete(
    '/groups/:id/members/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['groups'],
        summary: 'Leave a group, or remove someone from it (owner)',
        description:
          'A member leaves with their own id; the owner removes a member or withdraws an invitation. The owner cannot leave (422).',
        params: GroupMemberParams,
        response: {
          204: z.null().describe('Out of the group'),
          ...badInput,
          ...signedIn,
          403: ErrorBody.describe('Only the owner removes others'),
          404: ErrorBody.describe('No such group, or the user is not in it'),
          422: ErrorBody.describe('The owner cannot leave their group'),
        },
      },
    },
    async (request, reply) => {
      await service.removeMember(request.params.id, callerOf(request).userId, request.params.userId);
      return reply.code(204).send(null);
    },
  );
}
