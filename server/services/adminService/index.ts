import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import {
  AuditPage,
  AuditQuery,
  MailIdParams,
  MailMessage,
  MailPage,
  MailQuery,
  MailSummary,
  ReportIdParams,
  ReportPage,
  ReportQuery,
  ReportSettled,
  SpaceIdParams,
  SpaceShown,
  OperatorUser,
  UserActiveBody,
  UserIdParams,
  UserPage,
  UserPlanBody,
  UserQuery,
} from '../../../contracts/operator';
import { NewsletterIssue, NewsletterList, NewsletterQueued } from '../../../contracts/newsletter';
import { callerOf } from '../../http/caller';
import { newsletterLink } from '../mailService';
import { localAccounts, UserService } from '../userService/service';
import { AdminService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    adminService: AdminService;
  }
}

const refusals = {
  401: ErrorBody.describe('Not signed in'),
  403: ErrorBody.describe('Not an operator of this platform'),
};

/**
 * The operator area's API (registered under /api/adminService; issue 24 §7): for users whose
 * general role is 'admin', checked on their stored record at every call, so taking the role away
 * works at once. Every change is written to the audit log.
 */
export default async function adminService(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const users = new UserService({
    db: app.db,
    store: app.blobStore,
    accounts: localAccounts(app.db),
    loginProvider: app.config.identity.embedded ? 'local' : app.config.identity.issuer,
    log: app.log,
  });
  const service = new AdminService(app.db, (userId) => users.erase(userId));
  instance.decorate('adminService', service);

  const adminEmail = app.config.ADMIN_EMAIL;
  if (adminEmail)
    app.addHook('onReady', async () => {
      const granted = await service.grantOperator(adminEmail);
      if (!granted)
        app.log.warn(
          { email: adminEmail },
          'ADMIN_EMAIL: no user has this address yet; sign up with it, then restart the server (or run npm run admin)',
        );
    });

  app.addHook('preHandler', app.requireUser);
  app.addHook('preHandler', async (request) => {
    await service.requireOperator(callerOf(request).userId);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/mail',
    {
      schema: {
        tags: ['operator'],
        summary: 'The mail the platform sent or is sending',
        description:
          'Newest first. Without SMTP_URL every message stays here (status sent, transport stored): ' +
          'the operator reads it here. `dead` are the dead letters: every attempt failed.',
        querystring: MailQuery,
        response: { 200: MailPage, 400: ErrorBody, ...refusals },
      },
    },
    async (request) => service.mail(request.query),
  );

  app.get(
    '/mail/:id',
    {
      schema: {
        tags: ['operator'],
        summary: 'One message, with its text and HTML',
        params: MailIdParams,
        response: { 200: MailMessage, ...refusals, 404: ErrorBody.describe('No such message') },
      },
    },
    async (request) => service.message(request.params.id),
  );

  app.post(
    '/mail/:id/retry',
    {
      schema: {
        tags: ['operator'],
        summary: 'Send a dead letter again',
        description:
          'It goes back to the queue with its attempts counted from zero. Written to the audit log.',
        params: MailIdParams,
        response: {
          200: MailSummary,
          ...refusals,
          404: ErrorBody.describe('No such message'),
          422: ErrorBody.describe('The message is not a dead letter'),
        },
      },
    },
    async (request) => service.retry(callerOf(request).userId, request.params.id),
  );

  app.get(
    '/reports',
    {
      schema: {
        tags: ['operator'],
        summary: 'What users reported: spaces and comments',
        description:
          'Open reports oldest first, with the space or comment as it is now; `state=settled` lists ' +
          'those an operator dismissed or hid, newest first.',
        querystring: ReportQuery,
        response: { 200: ReportPage, 400: ErrorBody, ...refusals },
      },
    },
    async (request) => service.reports(request.query),
  );

  const settle = (resolution: 'dismissed' | 'hidden', summary: string, description: string) =>
    app.post(
      `/reports/:id/${resolution === 'hidden' ? 'hide' : 'dismiss'}`,
      {
        schema: {
          tags: ['operator'],
          summary,
          description: `${description} Every open report about the same thing is settled with it. Written to the audit log.`,
          params: ReportIdParams,
          response: {
            200: ReportSettled,
            ...refusals,
            404: ErrorBody.describe('No such report'),
            422: ErrorBody.describe('The report is already settled'),
          },
        },
      },
      async (request) => service.settleReport(callerOf(request).userId, request.params.id, resolution),
    );
  settle('dismissed', 'Dismiss a report', 'Nothing is wrong: the space or comment stays as it is.');
  settle(
    'hidden',
    'Hide what was reported',
    "A comment is hidden (its space's owner still sees it); a space is hidden from everyone but its " +
      'owner, who cannot show it again.',
  );

  app.post(
    '/spaces/:sceneId/show',
    {
      schema: {
        tags: ['operator'],
        summary: 'Show again a space an operator hid',
        description:
          'Undoes Hide on a reported space: visitors see it again and its owner may hide or show it as ' +
          'before. Written to the audit log.',
        params: SpaceIdParams,
        response: {
          200: SpaceShown,
          ...refusals,
          404: ErrorBody.describe('No such space'),
          422: ErrorBody.describe('No operator hid this space'),
        },
      },
    },
    async (request) => service.showSpace(callerOf(request).userId, request.params.sceneId),
  );

  app.get(
    '/users',
    {
      schema: {
        tags: ['operator'],
        summary: 'The users of the platform',
        description: 'Newest sign-up first; `q` finds a name, username or e-mail containing it.',
        querystring: UserQuery,
        response: { 200: UserPage, 400: ErrorBody, ...refusals },
      },
    },
    async (request) => service.users(request.query),
  );

  app.put(
    '/users/:userId/active',
    {
      schema: {
        tags: ['operator'],
        summary: 'Disable an account, or enable it again',
        description:
          'A disabled account cannot sign in and is signed out everywhere (its access tokens stop working ' +
          'within a minute); its spaces and content stay. An operator cannot disable themselves. Written ' +
          'to the audit log.',
        params: UserIdParams,
        body: UserActiveBody,
        response: {
          200: OperatorUser,
          400: ErrorBody,
          ...refusals,
          404: ErrorBody.describe('No such user'),
          422: ErrorBody.describe('An operator cannot disable themselves'),
        },
      },
    },
    async (request) =>
      service.setActive(callerOf(request).userId, request.params.userId, request.body.active),
  );

  app.put(
    '/users/:userId/plan',
    {
      schema: {
        tags: ['operator'],
        summary: "Change a user's plan",
        description:
          "Gives a user a plan without a payment (a partner's, after a refund): their next access token " +
          "carries it. A paid subscription's next event sets the subscribed plan again. Written to the " +
          'audit log.',
        params: UserIdParams,
        body: UserPlanBody,
        response: { 200: OperatorUser, 400: ErrorBody, ...refusals, 404: ErrorBody.describe('No such user') },
      },
    },
    async (request) => service.setPlan(callerOf(request).userId, request.params.userId, request.body.plan),
  );

  app.delete(
    '/users/:userId',
    {
      schema: {
        tags: ['operator'],
        summary: 'Delete a user for good',
        description:
          'As deleting their own account does: their record, spaces, files and sign-in account go, and ' +
          'they are signed out everywhere. Not the operator themselves, nor another operator. Written to ' +
          'the audit log (with their name and e-mail).',
        params: UserIdParams,
        response: {
          204: z.null().describe('Deleted'),
          ...refusals,
          404: ErrorBody.describe('No such user'),
          422: ErrorBody.describe('The operator themselves, or another operator'),
        },
      },
    },
    async (request, reply) => {
      await service.deleteUser(callerOf(request).userId, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/newsletter',
    {
      schema: {
        tags: ['operator'],
        summary: 'The newsletter list',
        description: 'How many addresses are confirmed, pending or unsubscribed, and the last issue sent.',
        response: { 200: NewsletterList, ...refusals },
      },
    },
    async () => service.newsletter(),
  );

  app.post(
    '/newsletter',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['operator'],
        summary: 'Send a newsletter',
        description:
          'Queues one plain-text mail per confirmed address, each ending with its own unsubscribe link; ' +
          'pending and unsubscribed addresses get nothing. Written to the audit log.',
        body: NewsletterIssue,
        response: {
          202: NewsletterQueued,
          400: ErrorBody.describe('No subject or text, or too long'),
          ...refusals,
          422: ErrorBody.describe('Nobody has confirmed a sign-up'),
        },
      },
    },
    async (request, reply) => {
      const origin = app.config.publicOrigin;
      const queued = await service.sendNewsletter(
        callerOf(request).userId,
        request.body,
        (token) => newsletterLink(origin, 'unsubscribe', token),
        origin,
      );
      return reply.code(202).send(queued);
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        tags: ['operator'],
        summary: 'What the operators did, newest first',
        querystring: AuditQuery,
        response: { 200: AuditPage, 400: ErrorBody, ...refusals },
      },
    },
    async (request) => service.audit(request.query),
  );
}
