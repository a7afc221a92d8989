import { inArray } from 'drizzle-orm';
import { fileUrl } from '../../../contracts/files';
import type { Executor } from '../../db';
import { users } from '../../db/schema';

/** How a user shows in conversations and parties: their name (or 'Visitor') and picture. */
export interface PersonShown {
  id: string;
  name: string;
  profilePicture: string | null;
}

/** The users of `ids` as they show to others, by id (unknown ids are left out). */
export async function peopleOf(db: Executor, ids: readonly string[]): Promise<Map<string, PersonShown>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, picture: users.profilePictureId })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name.trim() || 'Visitor', profilePicture: r.picture ? fileUrl(r.picture) : null },
    ]),
  );
}
