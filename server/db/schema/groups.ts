import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { districts } from './districts';
import { users } from './users';

/**
 * Groups of users (platform.md §3 'Group', §2.3 Connections › Groups): made and owned by one user,
 * named in spaces' group ACLs (`scenes.group_privacy_acl`, `group_communication_acl`). Deleting the
 * owner deletes the group; its id then matches nobody in an ACL.
 */
export const groups = pgTable(
  'groups',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** File service id of the group's picture. */
    imageId: text('image_id'),
    /** A district's group (made by its owner for its members, listed on its Groups page); null for a user's own. */
    districtId: text('district_id').references(() => districts.id, { onDelete: 'cascade' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('groups_owner_idx').on(t.ownerId, t.createdAt),
    index('groups_district_idx').on(t.districtId, t.createdAt),
  ],
);

/**
 * Who is in a group: one row per group and user, `status` 'invited' until the user accepts
 * ('member'); declining, leaving and removal delete the row. The owner has a row too (`role`
 * 'owner', a member from the start), so "the caller's groups" is one lookup here.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'owner' or 'member'. */
    role: text('role').notNull().default('member'),
    /** 'invited' or 'member'. */
    status: text('status').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /** When the invitation was accepted (the owner: when the group was made). */
    joinedAt: timestampTz('joined_at'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId, t.status),
    index('group_members_group_idx').on(t.groupId, t.status, t.createdAt),
    check('group_members_role_check', sql`${t.role} in ('owner', 'member')`),
    check('group_members_status_check', sql`${t.status} in ('invited', 'member')`),
  ],
);
