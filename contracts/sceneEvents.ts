import { z } from 'zod';

/**
 * Scheduled events of a space (issue 'live presence', 5; platform.md §2.7 Events): a title, a
 * start and an end. The viewer's Events panel lists what is on now and what is coming; the space's
 * organisers (its owner, and for a space of a district the district's Owners and Creators) add
 * and cancel them.
 *
 * GET    /api/communicationInteractionService/scenes/{sceneId}/events            anyone who may view the space
 * POST   /api/communicationInteractionService/scenes/{sceneId}/events            an organiser: SceneEventInput → 201 SceneEvent
 * DELETE /api/communicationInteractionService/scenes/{sceneId}/events/{eventId}  an organiser → 204
 */

/** The rules of scheduled events, in one table (the spec names none of them). */
export const sceneEventRules = {
  titleMaxLength: 120,
  /** The longest event: a week. */
  maxDurationMs: 7 * 24 * 60 * 60 * 1000,
  /** How far ahead an event may start: a year. */
  maxAheadMs: 366 * 24 * 60 * 60 * 1000,
  /** Events not yet over that a space may have at once (also the most the list answers). */
  maxUpcoming: 20,
} as const;

/** The refusals' messages (BUSINESS_RULE, 422). */
export const sceneEventMessages = {
  endBeforeStart: 'An event ends after it starts',
  over: 'This event would be over already; pick an end in the future',
  tooLong: 'An event lasts at most 7 days',
  tooFar: 'An event starts within a year',
  tooMany: `A space has at most ${sceneEventRules.maxUpcoming} events to come; cancel one first`,
  notOrganiser: 'Only the owner of this space, or of its district, may schedule its events',
} as const;

export const SceneEventInput = z.object({
  title: z.string().trim().min(1, 'Give the event a title').max(sceneEventRules.titleMaxLength),
  startsAt: z.iso.datetime({ offset: true }).describe('ISO 8601'),
  endsAt: z.iso.datetime({ offset: true }).describe('ISO 8601'),
});
export type SceneEventInput = z.infer<typeof SceneEventInput>;

export const SceneEvent = z
  .object({
    eventId: z.string(),
    sceneId: z.string(),
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** On now (when the answer was made). */
    live: z.boolean(),
  })
  .meta({ id: 'SceneEvent' });
export type SceneEvent = z.infer<typeof SceneEvent>;

export const SceneEventsAnswer = z
  .object({
    /** Not yet over, soonest first. */
    events: z.array(SceneEvent),
    /** Whether the caller may add and cancel events. */
    mayOrganise: z.boolean(),
  })
  .meta({ id: 'SceneEventsAnswer' });
export type SceneEventsAnswer = z.infer<typeof SceneEventsAnswer>;
