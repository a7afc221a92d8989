import { type AnyColumn, and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db';
import { sceneComments } from '../../db/schema';

/**
 * A space's comment count as cards show it: every comment visitors see, replies included (not the
 * hidden ones, nor the replies under a hidden one). Counted from the comments themselves, so it
 * is right after every post, edit, hide, delete and the cascades of deleted accounts.
 */
export function visibleCommentCount(sceneId: AnyColumn | SQL): SQL<number> {
  return sql<number>`(select count(*)::int from scene_comments c left join scene_comments p on p.id = c.parent_id where c.scene_id = ${sceneId} and c.hidden_at is null and p.hidden_at is null)`;
}

/** The same count for one space, as a query. */
export function countVisibleComments(db: Executor, sceneId: string) {
  const parent = alias(sceneComments, 'parent');
  return db
    .select({ n: count() })
    .from(sceneComments)
    .leftJoin(parent, eq(parent.id, sceneComments.parentId))
    .where(and(eq(sceneComments.sceneId, sceneId), isNull(sceneComments.hiddenAt), isNull(parent.hiddenAt)));
}
