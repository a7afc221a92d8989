import { privateSpaceMessages } from '../../../contracts/publishing';
import type { Executor } from '../../db';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import { memberOfGroups } from '../userService/groupMembership';
import type { SceneRow } from './metadata';

/** Who may do what with a space: checked next to the data, by every read and write of it. */

export const noSuchSpace = () => notFound('No such space');

/**
 * Whether an access list lets the caller in: it names them, or a group they are a member of (an
 * invitation not yet accepted does not count). Used by the privacy and communication lists.
 */
export async function aclAdmits(
  db: Executor,
  userAcl: readonly string[] | null,
  groupAcl: readonly string[] | null,
  caller: Caller | null,
): Promise<boolean> {
  if (caller === null) return false;
  if ((userAcl ?? []).includes(caller.userId)) return true;
  const groups = groupAcl ?? [];
  return groups.length > 0 && (await memberOfGroups(db, caller.userId, groups)).size > 0;
}

/** Whether a caller other than the owner may see a private space (its privacy ACL). */
const invited = (
  db: Executor,
  row: Pick<SceneRow, 'userPrivacyAcl' | 'groupPrivacyAcl'>,
  caller: Caller | null,
) => aclAdmits(db, row.userPrivacyAcl, row.groupPrivacyAcl, caller);

/**
 * Who may do what with a space, for readers: the owner always; others a published, visible space
 * (403 when it is hidden) that is not private or whose privacy ACL names them or one of their
 * groups (401 when anonymous, 403 otherwise); nobody else learns that a draft exists (404).
 */
export async function readAccess(
  db: Executor,
  row: SceneRow | undefined,
  caller: Caller | null,
): Promise<'owner' | 'visitor'> {
  if (!row || row.deletedAt) throw noSuchSpace();
  if (caller?.userId === row.ownerId) return 'owner';
  if (row.state === 'Published') {
    if (!row.visible) throw forbidden();
    if (row.privacyAclEnabled && !(await invited(db, row, caller))) {
      if (!caller) throw new AppError('UNAUTHORIZED', privateSpaceMessages.signIn);
      throw forbidden(privateSpaceMessages.forbidden);
    }
    return 'visitor';
  }
  throw noSuchSpace();
}

/** Only the owner writes: a stranger gets 403 for a published space, 404 for a draft. */
export function ownerAccess(row: SceneRow | undefined, caller: Caller): SceneRow {
  if (!row || row.deletedAt) throw noSuchSpace();
  if (caller.userId === row.ownerId) return row;
  if (row.state === 'Published') throw forbidden();
  throw noSuchSpace();
}
