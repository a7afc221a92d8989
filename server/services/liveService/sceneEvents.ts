import { and, asc, count, eq, gt, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contracts/errors';
import {
  SceneEvent,
  SceneEventInput,
  sceneEventMessages,
  sceneEventRules,
  SceneEventsAnswer,
} from '../../../contracts/sceneEvents';
import type { Database, Executor } from '../../db';
import { uuidv7 } from '../../db/ids';
import { sceneEvents, scenes } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { callerOf, type Caller } from '../../http/caller';
import { toIsoTime } from '../../support/time';
import { readAccess } from '../sceneService/access';
import { findScene } from '../sceneService/queries';
import { mayModerate } from './moderation';

type EventRow = typeof sceneEvents.$inferSelect;

const toEvent = (row: EventRow, now: number): SceneEvent => {
  const startsAt = toIsoTime(row.startsAt);
  const endsAt = toIsoTime(row.endsAt);
  return {
    eventId: row.id,
    sceneId: row.sceneId,
    title: row.title,
    startsAt,
    endsAt,
    live: Date.parse(startsAt) <= now && now < Date.parse(endsAt),
  };
};

const refuse = (message: string) => new AppError('BUSINESS_RULE', message);

/**
 * The event of the space on now (its Event chat is open), or null. When two overlap, the one that
 * started first: its chat goes on until it ends.
 */
export async function liveEventOf(
  db: Executor,
  sceneId: string,
  now = Date.now(),
): Promise<SceneEvent | null> {
  return (await liveEventsOf(db, [sceneId], now)).get(sceneId) ?? null;
}

/** The event on now in each of some spaces (as `liveEventOf` chooses), by space id. */
export async function liveEventsOf(
  db: Executor,
  sceneIds: readonly string[],
  now = Date.now(),
): Promise<Map<string, SceneEvent>> {
  const found = new Map<string, SceneEvent>();
  if (sceneIds.length === 0) return found;
  const at = new Date(now).toISOString();
  const rows = await db
    .select()
    .from(sceneEvents)
    .where(
      and(
        inArray(sceneEvents.sceneId, [...sceneIds]),
        lte(sceneEvents.startsAt, at),
        gt(sceneEvents.endsAt, at),
      ),
    )
    .orderBy(asc(sceneEvents.startsAt), asc(sceneEvents.id));
  for (const row of rows) if (!found.has(row.sceneId)) found.set(row.sceneId, toEvent(row, now));
  return found;
}

const upcomingOf = (sceneId: string, now: number) =>
  and(eq(sceneEvents.sceneId, sceneId), gt(sceneEvents.endsAt, new Date(now).toISOString()));

/** A space's events on now or to come, soonest first (no access check: the caller's part). */
export async function upcomingEventsOf(
  db: Executor,
  sceneId: string,
  now = Date.now(),
): Promise<SceneEvent[]> {
  const rows = await db
    .select()
    .from(sceneEvents)
    .where(upcomingOf(sceneId, now))
    .orderBy(asc(sceneEvents.startsAt), asc(sceneEvents.id))
    .limit(sceneEventRules.maxUpcoming);
  return rows.map((row) => toEvent(row, now));
}

/**
 * A space's scheduled events (contracts/sceneEvents.ts): who may see the space sees its events to
 * come; its organisers (those who moderate it, moderation.ts) add and cancel them.
 */
export class SceneEventsService {
  constructor(private readonly db: Database) {}

  /** The space, when the caller may view it (else the viewer's own refusal). */
  private async viewable(sceneId: string, caller: Caller | null) {
    const scene = await findScene(this.db, sceneId);
    await readAccess(this.db, scene, caller);
    return scene!;
  }

  private async organised(sceneId: string, caller: Caller) {
    const scene = await this.viewable(sceneId, caller);
    if (!(await mayModerate(this.db, scene, caller.userId))) throw forbidden(sceneEventMessages.notOrganiser);
    return scene;
  }

  async list(sceneId: string, caller: Caller | null): Promise<SceneEventsAnswer> {
    const scene = await this.viewable(sceneId, caller);
    return {
      events: await upcomingEventsOf(this.db, sceneId),
      mayOrganise: !!caller && (await mayModerate(this.db, scene, caller.userId)),
    };
  }

  async add(sceneId: string, caller: Caller, input: SceneEventInput): Promise<SceneEvent> {
    await this.organised(sceneId, caller);
    const now = Date.now();
    const start = Date.parse(input.startsAt);
    const end = Date.parse(input.endsAt);
    if (end <= start) throw refuse(sceneEventMessages.endBeforeStart);
    if (end <= now) throw refuse(sceneEventMessages.over);
    if (end - start > sceneEventRules.maxDurationMs) throw refuse(sceneEventMessages.tooLong);
    if (start - now > sceneEventRules.maxAheadMs) throw refuse(sceneEventMessages.tooFar);
    // The count and the insert under the space's row lock: two organisers adding at once cannot
    // pass the limit together.
    const row = await this.db.transaction(async (tx) => {
      await tx.select({ id: scenes.id }).from(scenes).where(eq(scenes.id, sceneId)).for('update');
      const [{ n }] = await tx.select({ n: count() }).from(sceneEvents).where(upcomingOf(sceneId, now));
      if (n >= sceneEventRules.maxUpcoming) throw refuse(sceneEventMessages.tooMany);
      const [inserted] = await tx
        .insert(sceneEvents)
        .values({
          id: uuidv7(),
          sceneId,
          title: input.title,
          startsAt: new Date(start).toISOString(),
          endsAt: new Date(end).toISOString(),
          createdBy: caller.userId,
        })
        .returning();
      return inserted;
    });
    return toEvent(row, now);
  }

  async cancel(sceneId: string, eventId: string, caller: Caller) {
    await this.organised(sceneId, caller);
    const gone = await this.db
      .delete(sceneEvents)
      .where(and(eq(sceneEvents.sceneId, sceneId), eq(sceneEvents.id, eventId)))
      .returning({ id: sceneEvents.id });
    if (gone.length === 0) throw notFound('No such event');
  }
}

const SceneParams = z.object({ sceneId: z.string().max(64) });
const EventParams = SceneParams.extend({ eventId: z.string().max(64) });

/** The routes of scheduled events (under the live service's prefix). */
export function sceneEventRoutes(app: FastifyInstance) {
  const service = new SceneEventsService(app.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const denied = {
    401: ErrorBody.describe('Not signed in (or a private space)'),
    403: ErrorBody.describe('Not allowed'),
    404: ErrorBody.describe('No such space or event'),
  };
  routes.get(
    '/scenes/:sceneId/events',
    {
      schema: {
        tags: ['communication'],
        summary: "A space's scheduled events",
        description: 'The events not yet over, soonest first, for anyone who may view the space.',
        params: SceneParams,
        response: { 200: SceneEventsAnswer, 400: ErrorBody, ...denied },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(request.params.sceneId, request.auth ?? null);
    },
  );
  routes.post(
    '/scenes/:sceneId/events',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Schedule an event in a space',
        description:
          'For the owner of the space, or of its district (Owners and Creators). 422 BUSINESS_RULE when ' +
          'the event ends before it starts or is over, lasts more than 7 days, starts more than a year ' +
          'ahead, or the space has 20 events to come.',
        params: SceneParams,
        body: SceneEventInput,
        response: { 201: SceneEvent, 400: ErrorBody, ...denied, 422: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.add(request.params.sceneId, callerOf(request), request.body)),
  );
  routes.delete(
    '/scenes/:sceneId/events/:eventId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['communication'],
        summary: 'Cancel a scheduled event',
        params: EventParams,
        response: { 204: z.null().describe('Cancelled'), ...denied },
      },
    },
    async (request, reply) => {
      await service.cancel(request.params.sceneId, request.params.eventId, callerOf(request));
      return reply.code(204).send(null);
    },
  );
}
