import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/** Local accounts of the embedded OpenID Provider. The id is the `sub` of its tokens: the user id. */
export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  /** Lower-cased; unique. */
  email: text('email').notNull().unique(),
  /** argon2id. */
  passwordHash: text('password_hash').notNull(),
  /** When its owner opened the confirmation link mailed at sign-up; tokens say `email_verified`. */
  emailVerifiedAt: timestampTz('email_verified_at'),
  lastSignInAt: timestampTz('last_sign_in_at'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

/**
 * Failed sign-ins per e-mail address, whether an account has it or not (so the answers do not tell
 * which e-mails are registered): each failure past the first few makes the next attempt wait longer.
 * The key is the sha256 of the lower-cased e-mail.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  emailHash: text('email_hash').primaryKey(),
  /** Failures in a row (counted afresh after a long quiet). */
  failures: integer('failures').notNull().default(0),
  /** No attempt before this. */
  nextAttemptAt: timestampTz('next_attempt_at').notNull(),
  /** An attempt is being checked until then: one at a time per e-mail. */
  inFlightUntil: timestampTz('in_flight_until'),
  lastFailureAt: timestampTz('last_failure_at'),
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

/** Links that confirm an account's e-mail address, mailed at sign-up (only their sha256 is kept). */
export const emailVerifications = pgTable('email_verifications', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  expiresAt: timestampTz('expires_at').notNull(),
  usedAt: timestampTz('used_at'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

/** Mail the platform sends, kept in the database; a sender delivers it when mail is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /** Handed to the SMTP server (or, with no SMTP_URL, kept here and in MAIL_DIR). */
    sentAt: timestampTz('sent_at'),
    /** Failed sends so far; the next one waits longer each time (server/mail/sender.ts). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** Given up on after the last attempt (the dead letters the operator sees). */
    deadAt: timestampTz('dead_at'),
    /** How it went out: 'smtp' or 'stored'. */
    transport: text('transport'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.deadAt} is null`),
  ],
);
