import { privateSpaceMessages } from '../../../contracts/publishing';
import { AppError, forbidden, notFound } from '../../errors';
import type { Caller } from '../../http/caller';
import type { SceneRow } from './metadata';

/** Who may do what with a space: checked next to the data, by every read and write of it. */

export const noSuchSpace = () => notFound('No such space');

/**
 * Whether a caller other than the owner may see a private space: its privacy ACL names them.
 * Group lists are stored, but matching the caller's groups comes with the groups issue: until
 * then only the user list lets visitors in.
 */
function invited(row: Pick<SceneRow, 'userPrivacyAcl'>, caller: Caller | null): boolean {
  return caller !== null && (row.userPrivacyAcl ?? []).includes(caller.userId);
}

/**
 * Who may do what with a space, for readers: the owner always; others a published, visible space
 * (403 when it is hidden) that is not private or whose privacy ACL names them (401 when anonymous,
 * 403 otherwise); nobody else learns that a draft exists (404).
 */
export function readAccess(row: SceneRow | undefined, caller: Caller | null): 'owner' | 'visitor' {
  if (!row || row.deletedAt) throw noSuchSpace();
  if (caller?.userId === row.ownerId) return 'owner';
  if (row.state === 'Published') {
    if (!row.visible) throw forbidden();
    if (row.privacyAclEnabled && !invited(row, caller)) {
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
