import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { groupMembers, publishedScenes, scenes, users } from '../../db/schema';
import type { Caller } from '../../http/caller';
import { visibleCommentCount } from '../socialService/counts';

/** What reading published spaces shares: who is looking, and which spaces they may see. */

/** Who is looking: the signed-in caller, or an anonymous visitor known by their cookie (if any). */
export interface Visitor {
  caller: Caller | null;
  /** The anonymous visitor cookie's id (ignored when signed in). */
  visitorId?: string;
}

/** The history key of a visitor: the user id, or 'anon:' and the cookie's id. */
export function visitorKey(who: Visitor): string | null {
  if (who.caller) return who.caller.userId;
  return who.visitorId ? `anon:${who.visitorId}` : null;
}

/** The published snapshot's columns, without the search document (never sent). */
const { search: _search, ...columns } = getTableColumns(publishedScenes);
void _search;
export const snapshotColumns = columns;

/** Published, visible, not deleted spaces this caller may see (private ones: owner and invited). */
export function visibleTo(caller: Caller | null): SQL {
  const base = and(eq(scenes.state, 'Published'), eq(scenes.visible, true), isNull(scenes.deletedAt))!;
  // A private space shows to its owner, the users its ACL names and the members of its groups.
  const privacy = caller
    ? sql`(not ${scenes.privacyAclEnabled} or ${scenes.ownerId} = ${caller.userId} or ${scenes.userPrivacyAcl} @> ${JSON.stringify([caller.userId])}::jsonb or (jsonb_array_length(${scenes.groupPrivacyAcl}) > 0 and exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${caller.userId} and ${groupMembers.status} = 'member' and ${scenes.groupPrivacyAcl} @> jsonb_build_array(${groupMembers.groupId}))))`
    : sql`not ${scenes.privacyAclEnabled}`;
  return and(base, privacy)!;
}

/** Published spaces with their snapshot and creator, to narrow down. */
export function selectPublished(db: Database) {
  return db
    .select({
      scene: scenes,
      snapshot: snapshotColumns,
      name: users.name,
      profilePictureId: users.profilePictureId,
      commentCount: visibleCommentCount(scenes.id),
    })
    .from(publishedScenes)
    .innerJoin(scenes, eq(scenes.id, publishedScenes.sceneId))
    .leftJoin(users, eq(users.id, scenes.creatorId))
    .$dynamic();
}
