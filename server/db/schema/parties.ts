import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';
import { users } from './users';

/**
 * Parties (contracts/parties.ts): a leader and a few members who go round spaces together. A
 * party with no member left is deleted.
 */
export const parties = pgTable('parties', {
  id: text('id').primaryKey(),
  leaderId: text('leader_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

/** Who is in which party: one party per user (the unique user). */
export const partyMembers = pgTable(
  'party_members',
  {
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestampTz('joined_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('party_members_user_idx').on(t.userId), index('party_members_party_idx').on(t.partyId)],
);

/**
 * Invitations to a party. `state` is pending, accepted, declined or cancelled; a pending one lapses
 * after `partyRules.invitationMs` (read by its age, not rewritten).
 */
export const partyInvitations = pgTable(
  'party_invitations',
  {
    id: text('id').primaryKey(),
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    fromId: text('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toId: text('to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('party_invitations_to_idx').on(t.toId, t.state),
    index('party_invitations_party_idx').on(t.partyId, t.state),
  ],
);
