import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contracts/errors';
import { liveAvatarsShown, LiveScenesAnswer, LiveScenesQuery } from '../../../contracts/live';
import type { Caller } from '../../http/caller';
import { readAccess } from '../sceneService/access';
import { findScene } from '../sceneService/queries';
import type { LiveInstances } from './instances';
import { liveEventsOf } from './sceneEvents';

/**
 * GET …/live?sceneIds=…: what space cards show of their spaces (contracts/live.ts LiveScene), who
 * is live in each and the event on now, as the caller may know: nothing in a space they may not
 * view.
 */
export function liveScenesRoute(app: FastifyInstance, live: LiveInstances) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/live',
    {
      schema: {
        tags: ['communication'],
        summary: 'Who is live in some spaces, and their events on now',
        description:
          'For each space: how many visitors are in it now (each user once), the first ' +
          `${liveAvatarsShown} of them, and its scheduled event on now (or null). A space the ` +
          'caller may not view answers 0 and no event.',
        querystring: LiveScenesQuery,
        response: { 200: LiveScenesAnswer, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { scenes: await liveIn(request.query.sceneIds, request.auth ?? null) };
    },
  );

  async function liveIn(sceneIds: string[], caller: Caller | null) {
    const events = await liveEventsOf(app.db, sceneIds);
    const scenes = [];
    for (const sceneId of sceneIds) {
      const summary = live.sceneSummary(sceneId, liveAvatarsShown);
      const event = events.get(sceneId);
      // Only a space with something to tell is checked: most cards' spaces are quiet.
      const allowed =
        (summary.count === 0 && !event) ||
        (await readAccess(app.db, await findScene(app.db, sceneId), caller).then(
          () => true,
          () => false,
        ));
      scenes.push(
        allowed
          ? { sceneId, ...summary, event: event ? { title: event.title, endsAt: event.endsAt } : null }
          : { sceneId, count: 0, visitors: [], event: null },
      );
    }
    return scenes;
  }
}
