import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/** Local accounts of the embedded OpenID Provider. The id is the `sub` of its tokens: the user id. */
export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  /** Lower-cased; unique. */
  email: text('email').notNull().unique(),
  /** argon2id. */
  passwordHash: text('password_hash').notNull(),
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  lockedUntil: timestampTz('locked_until'),
  lastSignInAt: timestampTz('last_sign_in_at'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

/** oidc-provider's storage (sessions, grants, codes, refresh tokens, interactions...). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    type: text('type').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestampTz('expires_at'),
    consumedAt: timestampTz('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Signing keys (private JWKs) and cookie secrets, made on first start; retired ones kept for verification. */
export const identityKeys = pgTable('identity_keys', {
  kid: text('kid').primaryKey(),
  /** 'signing' or 'cookie'. */
  kind: text('kind').notNull(),
  material: jsonb('material').notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  retiredAt: timestampTz('retired_at'),
});

/** Password reset links: only the hash of the token is kept. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  expiresAt: timestampTz('expires_at').notNull(),
  usedAt: timestampTz('used_at'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

/** Mail the platform sends, kept in the database; a sender delivers it when mail is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: text('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  sentAt: timestampTz('sent_at'),
});
