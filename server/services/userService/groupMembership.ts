import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db';
import { groupMembers } from '../../db/schema';

/**
 * Which of `groupIds` the user is a member of (an invitation not yet accepted does not count): what
 * a space's group ACLs (sceneService/access.ts) and the publish wizard's group choices check.
 */
export async function memberOfGroups(
  db: Executor,
  userId: string,
  groupIds: readonly string[],
): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, 'member'),
        inArray(groupMembers.groupId, [...groupIds]),
      ),
    );
  return new Set(rows.map((r) => r.groupId));
}
