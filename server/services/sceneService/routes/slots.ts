import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../contracts/errors';
import { Slot, SlotList } from '../../../../contracts/publishing';
import { callerOf } from '../../../http/caller';
import type { SceneRoutesOptions } from './common';

/** The caller's publishing slots: all of them, the free ones, one, and deleting an extra one. */
export default async function slotRoutes(instance: FastifyInstance, { slots }: SceneRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/slot/my',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['publishing'],
        summary: "The caller's publishing slots",
        description:
          "Plan slots (made as needed up to the plan's count; those beyond it are inactive), extra and " +
          'district slots, with the space each holds.',
        response: { 200: SlotList, 401: ErrorBody.describe('Not signed in') },
      },
    },
    async (request) => ({ items: await slots.mySlots(callerOf(request)) }),
  );

  app.get(
    '/slot/available',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['publishing'],
        summary: 'Slots the caller can publish into now',
        description: "The caller's active slots that hold no space.",
        response: { 200: SlotList, 401: ErrorBody.describe('Not signed in') },
      },
    },
    async (request) => ({ items: await slots.availableSlots(callerOf(request)) }),
  );

  app.get(
    '/slot/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['publishing'],
        summary: 'One of the caller’s slots',
        params: z.object({ id: z.string().min(1).max(64).describe('The slot id') }),
        response: {
          200: Slot,
          401: ErrorBody.describe('Not signed in'),
          404: ErrorBody.describe('No such slot of the caller'),
        },
      },
    },
    async (request) => slots.slot(request.params.id, callerOf(request)),
  );

  app.delete(
    '/slot/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['publishing'],
        summary: 'Delete one of the caller’s extra slots',
        description:
          'Only an empty extra slot can be deleted (its credits are not refunded). Plan and district ' +
          'slots answer 422; a slot holding a published space 409 (unpublish it first).',
        params: z.object({ id: z.string().min(1).max(64).describe('The slot id') }),
        response: {
          204: z.null().describe('Deleted'),
          401: ErrorBody.describe('Not signed in'),
          404: ErrorBody.describe('No such slot of the caller'),
          409: ErrorBody.describe('A space is published in the slot'),
          422: ErrorBody.describe('Not an extra slot'),
        },
      },
    },
    async (request, reply) => {
      await slots.deleteSlot(request.params.id, callerOf(request));
      return reply.code(204).send(null);
    },
  );
}
