import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DistrictIdParams,
  DistrictItemList,
  districtMessages,
  type PurchasedDistrictItem,
  PurchasedDistrictItemList,
} from '../../../contracts/districts';
import { ErrorBody } from '../../../contracts/errors';
import { premadeTemplates } from '../../../contracts/premadeSpaces';
import { extraSlotPriceCoin } from '../../../contracts/publishing';
import { districtMembers, districts, internalTransactionItems } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { callerOf } from '../../http/caller';
import { extraSlotItemId } from './catalog';

const templateOfItem = new Map(premadeTemplates.map((t) => [t.districtItemId, t.spaceTemplateId]));

/**
 * What districts buy with credits (districts-commerce-spaces.md §3 'District item', §7 'District
 * items', 'Purchased district items'): the price list, and what one district has bought.
 */
export default async function districtItemRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/districtItems',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'What districts can buy with credits',
        description:
          "Public: an extra slot ('extra-slot') and every premade space ('district-item-<templateId>'), with their prices in credits.",
        response: { 200: DistrictItemList },
      },
    },
    async () => ({
      items: [
        {
          districtItemId: extraSlotItemId,
          type: 'slot' as const,
          spaceTemplateId: null,
          priceCoin: extraSlotPriceCoin,
        },
        ...premadeTemplates.map((t) => ({
          districtItemId: t.districtItemId,
          type: 'spaceTemplate' as const,
          spaceTemplateId: t.spaceTemplateId,
          priceCoin: t.districtPrice,
        })),
      ],
    }),
  );

  app.get(
    '/districtItems/purchased/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['marketplace'],
        summary: 'What a district has bought (its Owners)',
        description:
          'Slots and premade spaces bought for the district with credits, and the premade space its plan gave it (`free`).',
        params: DistrictIdParams,
        response: {
          200: PurchasedDistrictItemList,
          401: ErrorBody.describe('Not signed in'),
          403: ErrorBody.describe('Not an Owner of the district'),
          404: ErrorBody.describe(`'${districtMessages.notFound}'`),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const [district] = await app.db
        .select({
          free: districts.freeSpaceTemplateId,
          role: districtMembers.role,
          isPublic: districts.public,
        })
        .from(districts)
        .leftJoin(
          districtMembers,
          and(eq(districtMembers.districtId, districts.id), eq(districtMembers.userId, caller.userId)),
        )
        .where(eq(districts.id, request.params.id));
      if (!district || (!district.isPublic && !district.role)) throw notFound(districtMessages.notFound);
      if (district.role !== 'Owner') throw forbidden(districtMessages.notOwner);
      const bought = await app.db
        .select({
          districtItemId: internalTransactionItems.districtItemId,
          quantity: sql<number>`sum(${internalTransactionItems.quantity})::int`,
        })
        .from(internalTransactionItems)
        .where(
          and(
            isNotNull(internalTransactionItems.districtId),
            eq(internalTransactionItems.districtId, request.params.id),
          ),
        )
        .groupBy(internalTransactionItems.districtItemId);
      const items: PurchasedDistrictItem[] = bought.map((b) => ({
        districtItemId: b.districtItemId,
        type: b.districtItemId === extraSlotItemId ? 'slot' : 'spaceTemplate',
        spaceTemplateId: templateOfItem.get(b.districtItemId) ?? null,
        quantity: Number(b.quantity),
        free: false,
      }));
      const freeTemplate = premadeTemplates.find((t) => t.spaceTemplateId === district.free);
      if (freeTemplate)
        items.push({
          districtItemId: freeTemplate.districtItemId,
          type: 'spaceTemplate',
          spaceTemplateId: freeTemplate.spaceTemplateId,
          quantity: 1,
          free: true,
        });
      return { items };
    },
  );
}
