import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { districtSpaces, districts, publishSlots, scenes } from '../../db/schema';

/**
 * Which districts list a published space (platform.md §3 scene metadata `publishedPublicDistricts`,
 * `publishedPrivateDistricts`): the district of the slot it is in, and the districts that accepted
 * it for hosting (district_spaces). Kept on the space's row so every list reads them for free;
 * recomputed here whenever one of those changes.
 */

/** The space is in the district: in one of its slots, or hosted by it. */
export function inDistrict(districtId: string): SQL {
  return sql`(exists (select 1 from ${publishSlots} where ${publishSlots.sceneId} = ${scenes.id} and ${publishSlots.districtId} = ${districtId})
    or exists (select 1 from ${districtSpaces} where ${districtSpaces.sceneId} = ${scenes.id} and ${districtSpaces.districtId} = ${districtId} and ${districtSpaces.kind} = 'hosting' and ${districtSpaces.state} = 'accepted'))`;
}

/** The district promotes the space (an accepted promotion). */
export function promotedIn(districtId: string): SQL {
  return sql`exists (select 1 from ${districtSpaces} where ${districtSpaces.sceneId} = ${scenes.id} and ${districtSpaces.districtId} = ${districtId} and ${districtSpaces.kind} = 'promotion' and ${districtSpaces.state} = 'accepted')`;
}

const listing = (isPublic: boolean) => sql`coalesce((
  select array_agg(d.id order by d.id) from ${districts} d
  where d.public = ${isPublic} and (
    exists (select 1 from ${publishSlots} p where p.scene_id = ${scenes.id} and p.district_id = d.id)
    or exists (select 1 from ${districtSpaces} r where r.scene_id = ${scenes.id} and r.district_id = d.id
      and r.kind = 'hosting' and r.state = 'accepted'))
), '{}'::text[])`;

/** Recomputes the district lists of the spaces `which` selects. */
export async function refreshSceneDistricts(db: Executor, which: SQL): Promise<void> {
  await db
    .update(scenes)
    .set({ publishedPublicDistricts: listing(true), publishedPrivateDistricts: listing(false) })
    .where(which);
}

let districtListChanges = 0;

/**
 * A district's list changed outside publishing (a space hosted, taken off or promoted; a district
 * turned public or private): Explore's cached answers in this process are not served again.
 */
export function districtListsChanged(): void {
  districtListChanges++;
}

/** How often district lists changed in this process (part of SceneService.generation). */
export const districtListGeneration = (): number => districtListChanges;
