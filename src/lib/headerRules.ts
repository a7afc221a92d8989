import { isEditorPath, isEmbedPath } from '../routes';

export interface HeaderContext {
  pathname: string;
  search: string;
  /** District of the current host, or null on the main host. */
  district: string | null;
  /** The signed-in user, if any. */
  user: { id: string } | null;
  /** Owner and creator of the current district, when known. */
  districtOwnerIds?: string[];
}

export interface HeaderButtons {
  createSpace: boolean;
  login: boolean;
  /** In an embed the login button opens /login in a new tab. */
  loginInNewTab: boolean;
  /** explore, pricing, contact and resources links. */
  mainLinks: boolean;
}

/**
 * Which header buttons show (districts-commerce-spaces.md §2 Header):
 * - Create Space: not in the editor, not in an embed, and either not in a district or the user
 *   is that district's owner or creator.
 * - Login: unless in an embed without `showSignIn=1`; in an embed it opens /login in a new tab.
 *   Hidden once signed in (the avatar takes its place).
 * - On a district, explore, pricing, contact and resources are hidden.
 */
export function headerButtons(ctx: HeaderContext): HeaderButtons {
  const embed = isEmbedPath(ctx.pathname);
  const showSignIn = new URLSearchParams(ctx.search).get('showSignIn') === '1';
  const ownsDistrict = !!ctx.user && (ctx.districtOwnerIds ?? []).includes(ctx.user.id);
  return {
    createSpace: !isEditorPath(ctx.pathname) && !embed && (ctx.district === null || ownsDistrict),
    login: !ctx.user && (!embed || showSignIn),
    loginInNewTab: embed,
    mainLinks: ctx.district === null,
  };
}
