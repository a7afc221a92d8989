import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import {
  InsightsQuery,
  insightsLimits,
  SpaceInsights,
  VisitEvent,
  VisitStarted,
} from '../../../contracts/insights';
import { SceneIdParams } from '../../../contracts/scenes';
import { AppError } from '../../errors';
import { callerOf } from '../../http/caller';
import { FixedWindowLimiter } from '../../http/fixedWindow';
import { parseJsonBody } from '../../http/json';
import { InsightsService } from './service';

/** How often the roll-up of raw visits (and the deletion of old ones and of past salts) runs. */
export const insightsRollUpEveryMs = 60 * 60 * 1000;
/** The window of insightsLimits.eventsPerMinute. */
const eventWindowMs = 60_000;

const started = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
});

/**
 * Space insights (registered under /api/insightsService): the viewer's visit events, anonymous
 * and without cookies, and each space's figures for its owner. Rolls raw visits up into daily
 * figures every insightsRollUpEveryMs and deletes raw visits after insightsLimits.rawRetentionDays.
 */
export default async function insightsService(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new InsightsService(app.db, app.blobStore);
  const limiter = new FixedWindowLimiter(insightsLimits.eventsPerMinute, eventWindowMs);

  // navigator.sendBeacon sends a string body as text/plain: read it as the JSON it is.
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    try {
      done(null, parseJsonBody(body));
    } catch (error) {
      done(error as Error);
    }
  });

  let rolling: Promise<unknown> | undefined;
  const rollUp = () => {
    rolling ??= service
      .rollUp(new Date())
      .catch((error: unknown) => app.log.error({ err: error }, 'roll-up of space insights failed'))
      .finally(() => (rolling = undefined));
  };
  const first = setTimeout(rollUp, 60_000);
  const every = setInterval(rollUp, insightsRollUpEveryMs);
  const sweep = setInterval(() => limiter.sweep(), eventWindowMs);
  first.unref();
  every.unref();
  sweep.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    clearInterval(sweep);
    await rolling;
  });

  app.post(
    '/events',
    {
      bodyLimit: insightsLimits.eventBodyBytes,
      schema: {
        tags: ['insights'],
        summary: 'Report an event of a visit',
        description:
          'Anyone, signed in or not; no cookie is read or set. `visit.started` (a published space, and ' +
          'where the visit came from) answers the visit id (204 without one when the signed-in caller ' +
          'owns the space: their own visits are not counted); `visit.heartbeat` and `visit.ended` report ' +
          'the seconds the page was visible so far; `object.opened` a work or info point the visit ' +
          'opened. Accepts application/json and text/plain (what navigator.sendBeacon sends). ' +
          `At most ${insightsLimits.eventsPerMinute} events per address per minute (429 RATE_LIMITED). ` +
          'Unique visitors are counted with a hash of address, browser and space salted with a random ' +
          'value that changes every UTC day and is then deleted; the address and browser are never stored.',
        body: VisitEvent,
        response: {
          200: VisitStarted.describe('The visit started'),
          204: z.null().describe("Counted (or, for visit.started, the owner's own visit: not counted)"),
          400: ErrorBody.describe('Not a valid event (VALIDATION_FAILED)'),
          404: ErrorBody.describe(
            'No such published space, or no such visit (or one started over a day ago)',
          ),
          413: ErrorBody.describe(`A body over ${insightsLimits.eventBodyBytes} bytes`),
          429: ErrorBody.describe('Too many events from this address'),
        },
      },
    },
    async (request, reply) => {
      const wait = limiter.hit(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError('RATE_LIMITED', 'Too many visit events from this address; try again in a minute');
      }
      reply.header('cache-control', 'no-store');
      const event = request.body;
      switch (event.type) {
        case 'visit.started': {
          const visit = await service.start(event.sceneId, event.source, started(request), request.auth);
          if (visit) return visit;
          break;
        }
        case 'visit.heartbeat':
        case 'visit.ended':
          await service.spent(event.visitId, event.seconds);
          break;
        case 'object.opened':
          await service.opened(event.visitId, event.kind, event.objectId);
          break;
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/insights/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['insights'],
        summary: "A space's insights (its owner only)",
        description:
          'Visits and unique visitors per UTC day, the median time spent, the works and info points ' +
          'opened most (with their titles in the published space) and where visits came from, over ' +
          `\`from\`..\`to\` (default: the last ${insightsLimits.defaultRangeDays} days; at most ` +
          `${insightsLimits.maxRangeDays} days). Unique visitors are counted per day: the same person ` +
          'on two days counts twice, by design.',
        params: SceneIdParams,
        querystring: InsightsQuery,
        response: {
          200: SpaceInsights,
          400: ErrorBody.describe('A day is not valid, `from` is after `to`, or the range is too long'),
          401: ErrorBody.describe('Not signed in'),
          403: ErrorBody.describe("Another user's published space"),
          404: ErrorBody.describe('No such space (also: a draft of another user)'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.insights(request.params.id, callerOf(request), request.query);
    },
  );
}
