import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { districtRules } from '../../../contracts/districts';
import { normalizeEmail } from '../../identity/accounts';
import { uuidv7 } from '../ids';
import {
  accounts,
  appliedJobs,
  districtInvitations,
  districtMembers,
  districtSpaces,
  districts,
  publishSlots,
  scenes,
  users,
} from '../schema';

/** Bumped when the demo districts change. */
export const demoDistrictsJob = 'demo-districts-v1';

/** The demo districts' addresses, and the invitation link of the private one (README, 'Demo content'). */
export const demoDistricts = {
  public: 'gallery',
  private: 'members-lounge',
  privateInvitationCode: 'harbour-lounge-welcome',
} as const;

/** The museum's spaces that its public district shows (by title). */
const districtSpaceTitles = [
  'Spring Salon 2025',
  'Northern Light: Landscapes of the North Sea Coast',
  'The Sculpture Court',
];

const userOf = async (app: FastifyInstance, email: string) => {
  const [row] = await app.db
    .select({ id: users.id, pictureId: users.profilePictureId })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.id))
    .where(eq(accounts.email, normalizeEmail(email)));
  return row;
};

/**
 * The demo districts, once: the museum's public district `gallery` (its theme, its logo, the studio
 * as a Creator with a slot of its own, and three of the museum's spaces moved into its slots) and
 * its private district `members-lounge`, which a link with a known invitation code lets people
 * join. Skipped when the demo users are not there (SEED_DEMO=false, or they were deleted).
 */
export async function seedDemoDistricts(app: FastifyInstance): Promise<boolean> {
  const done = await app.db.select().from(appliedJobs).where(eq(appliedJobs.name, demoDistrictsJob));
  if (done.length > 0) return false;
  const museum = await userOf(app, 'demo@spaces.localhost');
  const studio = await userOf(app, 'studio@spaces.localhost');
  if (!museum || !studio) return false;
  const [taken] = await app.db
    .select({ id: districts.id })
    .from(districts)
    .where(inArray(districts.subdomain, [demoDistricts.public, demoDistricts.private]));

  await app.db.transaction(async (tx) => {
    if (!taken) {
      const spaces = await tx
        .select({ id: scenes.id, title: scenes.title, coverPhotoId: scenes.coverPhotoId })
        .from(scenes)
        .where(
          and(
            eq(scenes.ownerId, museum.id),
            inArray(scenes.title, districtSpaceTitles),
            isNull(scenes.deletedAt),
          ),
        );
      const galleryId = uuidv7();
      await tx.insert(districts).values({
        id: galleryId,
        ownerId: museum.id,
        title: 'Harbour Gallery',
        subdomain: demoDistricts.public,
        public: true,
        visible: true,
        logoId: museum.pictureId,
        coverId: spaces.find((s) => s.coverPhotoId)?.coverPhotoId ?? null,
        subtitle: 'Exhibitions of the Harbour Museum of Modern Art, and the shows of its guests',
        description:
          'The museum’s district: its seasonal exhibitions, the sculpture court and the work of the artists ' +
          'it invites. Walk in from any browser, on a phone or in a headset.',
        socialMedia: [{ name: 'website', url: 'https://example.org/harbour-museum' }],
        styles: JSON.stringify({ theme: 'terracotta', fontFamily: 'serif' }),
        freeSpaceTemplateId: 'white-cube-m-standard',
      });
      await tx.insert(districtMembers).values([
        { districtId: galleryId, userId: museum.id, role: 'Owner' },
        { districtId: galleryId, userId: studio.id, role: 'Creator' },
      ]);
      // The plan's slots: three hold the museum's spaces (moved from its own slots), one is the studio's.
      const slots = Array.from({ length: districtRules.includedSlots }, (_, i) => ({
        id: uuidv7(),
        ownerId: museum.id,
        kind: 'district',
        districtId: galleryId,
        districtSubdomain: demoDistricts.public,
        productId: 'district-included-slot',
        sceneId: spaces[i]?.id ?? null,
        publisherId: spaces[i] ? museum.id : null,
        allocatedUserId: i === districtRules.includedSlots - 1 ? studio.id : null,
      }));
      if (spaces.length > 0)
        await tx
          .update(publishSlots)
          .set({ sceneId: null, publisherId: null })
          .where(
            inArray(
              publishSlots.sceneId,
              spaces.map((s) => s.id),
            ),
          );
      await tx.insert(publishSlots).values(slots);
      if (spaces.length > 0)
        await tx
          .update(scenes)
          .set({
            districtId: galleryId,
            districtSubdomain: demoDistricts.public,
            publishedPublicDistricts: [galleryId],
          })
          .where(
            inArray(
              scenes.id,
              spaces.map((s) => s.id),
            ),
          );
      // The first of them leads the district's Promoted list.
      if (spaces[0])
        await tx.insert(districtSpaces).values({
          id: uuidv7(),
          districtId: galleryId,
          sceneId: spaces[0].id,
          kind: 'promotion',
          state: 'accepted',
          requesterId: museum.id,
          decidedBy: museum.id,
          decidedAt: sql`now()`,
        });

      const loungeId = uuidv7();
      await tx.insert(districts).values({
        id: loungeId,
        ownerId: museum.id,
        title: "Harbour Members' Lounge",
        subdomain: demoDistricts.private,
        public: false,
        visible: true,
        logoId: museum.pictureId,
        subtitle: 'For friends of the museum',
        description: 'Previews of coming exhibitions for members of the Friends of the Harbour Museum.',
        styles: JSON.stringify({ theme: 'plum', fontFamily: 'humanist' }),
        freeSpaceTemplateId: 'enfilade-s-standard',
      });
      await tx.insert(districtMembers).values({ districtId: loungeId, userId: museum.id, role: 'Owner' });
      await tx.insert(publishSlots).values(
        Array.from({ length: districtRules.includedSlots }, () => ({
          id: uuidv7(),
          ownerId: museum.id,
          kind: 'district',
          districtId: loungeId,
          districtSubdomain: demoDistricts.private,
          productId: 'district-included-slot',
        })),
      );
      await tx.insert(districtInvitations).values({
        code: demoDistricts.privateInvitationCode,
        districtId: loungeId,
        role: 'Creator',
        createdBy: museum.id,
      });
    }
    await tx.insert(appliedJobs).values({ name: demoDistrictsJob });
  });
  app.log.info('demo districts seeded');
  return true;
}
