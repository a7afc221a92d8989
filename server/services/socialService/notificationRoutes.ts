import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contracts/errors';
import {
  NotificationIdParams,
  NotificationPage,
  NotificationPageQuery,
  NotificationSettings,
  NotificationSettingsPatch,
  UnreadAnswer,
} from '../../../contracts/notifications';
import { callerOf } from '../../http/caller';

const signedIn = { 401: ErrorBody.describe('Not signed in') };
const bad = { 400: ErrorBody.describe('A parameter or field is not valid (VALIDATION_FAILED)') };

/**
 * The caller's notifications (platform.md §7.6): list them with the unread count, mark one or all
 * read, and choose which kinds to receive. Needs `app.notifications` (notificationsPlugin).
 */
export default async function notificationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = app.notifications;

  app.get(
    '/notifications',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: "The caller's notifications",
        description: 'Newest first, with the number of unread ones.',
        querystring: NotificationPageQuery,
        response: { 200: NotificationPage, ...bad, ...signedIn },
      },
    },
    async (request) => {
      const { cp, ipp } = request.query;
      return service.list(callerOf(request).userId, cp, ipp);
    },
  );

  app.post(
    '/notifications/readAll',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: "Mark all the caller's notifications read",
        response: { 200: UnreadAnswer, ...signedIn },
      },
    },
    async (request) => ({ unread: await service.markAllRead(callerOf(request).userId) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Mark one notification read',
        description: 'Only the notification’s own user may; anyone else is answered 404.',
        params: NotificationIdParams,
        response: {
          200: UnreadAnswer,
          ...bad,
          ...signedIn,
          404: ErrorBody.describe('No such notification of the caller'),
        },
      },
    },
    async (request) => ({ unread: await service.markRead(callerOf(request).userId, request.params.id) }),
  );

  app.get(
    '/notifications/settings',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Which kinds of notification the caller receives',
        response: { 200: NotificationSettings, ...signedIn },
      },
    },
    async (request) => service.settings(callerOf(request).userId),
  );

  app.patch(
    '/notifications/settings',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Turn kinds of notification on or off',
        description: 'A kind turned off is neither stored nor pushed. Answers all the settings.',
        body: NotificationSettingsPatch,
        response: {
          200: NotificationSettings,
          ...bad,
          ...signedIn,
          404: ErrorBody.describe('The caller has no user record yet'),
        },
      },
    },
    async (request) => service.updateSettings(callerOf(request).userId, request.body),
  );
}
