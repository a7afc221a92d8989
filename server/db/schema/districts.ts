import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { scenes } from './scenes';
import type { SocialMediaLink } from './users';
import { users } from './users';

/**
 * Districts (districts-commerce-spaces.md §1, §3; platform.md §3 'District'): an environment on its
 * own subdomain (unique), public or private, with its logo, cover, words, social links and theme
 * (`styles`, a JSON string { theme, fontFamily }). Its owner made it (Pro); `free_space_template_id`
 * is the premade space its plan gave it. Deleting the owner deletes the district.
 */
export const districts = pgTable(
  'districts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subdomain: text('subdomain').notNull(),
    public: boolean('public').notNull().default(true),
    visible: boolean('visible').notNull().default(true),
    logoId: text('logo_id'),
    coverId: text('cover_id'),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    socialMedia: jsonb('social_media').$type<SocialMediaLink[]>().notNull().default([]),
    styles: text('styles').notNull().default('{"theme":"harbour","fontFamily":"sans"}'),
    freeSpaceTemplateId: text('free_space_template_id'),
    /** The Idempotency-Key the district was made with (a repeated submit finds it). */
    creationKey: text('creation_key'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('districts_subdomain_idx').on(t.subdomain),
    index('districts_owner_idx').on(t.ownerId, t.createdAt),
    uniqueIndex('districts_creation_key_idx')
      .on(t.ownerId, t.creationKey)
      .where(sql`${t.creationKey} is not null`),
  ],
);

/**
 * Who is in a district and with which role (platform.md §4: Owner, Creator). The owner has a row
 * too. Members join through an invitation (district_invitations); the owner removes them.
 */
export const districtMembers = pgTable(
  'district_members',
  {
    districtId: text('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'Owner' or 'Creator'. */
    role: text('role').notNull(),
    invitationCode: text('invitation_code'),
    joinedAt: timestampTz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.districtId, t.userId] }),
    index('district_members_user_idx').on(t.userId),
    check('district_members_role_check', sql`${t.role} in ('Owner', 'Creator')`),
  ],
);

/**
 * Invitations to a district: a link (`email` null; used by anyone who has it, until withdrawn) or
 * one for an e-mail address (used once). Accepting makes the caller a member with `role`.
 */
export const districtInvitations = pgTable(
  'district_invitations',
  {
    code: text('code').primaryKey(),
    districtId: text('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    email: text('email'),
    role: text('role').notNull().default('Creator'),
    uses: integer('uses').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('district_invitations_district_idx').on(t.districtId, t.createdAt)],
);

/**
 * Spaces a district hosts or promotes beyond its slots (districts-commerce-spaces.md §1; platform.md
 * §4 'Hosting and promotion requests exist'). `kind` 'hosting': a member's space published in their
 * own slot, asked to be listed by the district too (it then appears on the district's home and in
 * the space's `publishedPublicDistricts` / `publishedPrivateDistricts`). `kind` 'promotion': a
 * space of the district shown in its Promoted list. A member asks ('pending'); the owner accepts
 * or declines; the owner's own asks are accepted at once. Unpublishing a space deletes its rows.
 */
export const districtSpaces = pgTable(
  'district_spaces',
  {
    id: text('id').primaryKey(),
    districtId: text('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    sceneId: text('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    /** 'hosting' or 'promotion'. */
    kind: text('kind').notNull(),
    /** 'pending', 'accepted' or 'declined'. */
    state: text('state').notNull(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    decidedBy: text('decided_by'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    decidedAt: timestampTz('decided_at'),
  },
  (t) => [
    uniqueIndex('district_spaces_scene_idx').on(t.districtId, t.kind, t.sceneId),
    index('district_spaces_list_idx').on(t.districtId, t.kind, t.state, t.createdAt),
    index('district_spaces_by_scene_idx').on(t.sceneId),
    check('district_spaces_kind_check', sql`${t.kind} in ('hosting', 'promotion')`),
    check('district_spaces_state_check', sql`${t.state} in ('pending', 'accepted', 'declined')`),
  ],
);
