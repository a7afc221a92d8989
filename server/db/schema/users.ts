import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

export interface SocialMediaLink {
  name: string;
  url: string;
}

/**
 * A platform user (platform.md §3 'User (full)'). The id is the access token's `sub`, whichever
 * provider issued it, so there is no foreign key to `accounts`.
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  username: text('username').unique(),
  email: text('email'),
  bio: text('bio'),
  /** YYYY-MM-DD. */
  birthday: text('birthday'),
  city: text('city'),
  country: text('country'),
  gender: text('gender'),
  occupation: text('occupation'),
  website: text('website'),
  /** File service ids. */
  profilePictureId: text('profile_picture_id'),
  coverPhotoId: text('cover_photo_id'),
  /** Where the cover is positioned: the crop area in percent ({ x, y, width, height }). */
  coverCrop: jsonb('cover_crop').$type<{ x: number; y: number; width: number; height: number }>(),
  socialMedia: jsonb('social_media').$type<SocialMediaLink[]>().notNull().default([]),
  searchable: boolean('searchable').notNull().default(true),
  autoSave: boolean('auto_save').notNull().default(true),
  hideContentLibrary: boolean('hide_content_library').notNull().default(false),
  hideGroups: boolean('hide_groups').notNull().default(false),
  /** The editor's guide was closed once: it no longer opens by itself. */
  editorGuideSeen: boolean('editor_guide_seen').notNull().default(false),
  generalRole: text('general_role'),
  privateSpaceInvitationCode: text('private_space_invitation_code'),
  active: boolean('active').notNull().default(true),
  loginProvider: text('login_provider'),
  /** The avatar's look: shape/colour (contracts/avatars.ts); null for the default. */
  avatar: text('avatar'),
  /** Current plan until subscriptions arrive: 'free', 'standard' or 'pro'. Roles in tokens follow it. */
  plan: text('plan').notNull().default('free'),
  signedUp: timestampTz('signed_up').notNull().defaultNow(),
  lastLogin: timestampTz('last_login'),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});
