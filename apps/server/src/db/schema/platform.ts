import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './access';

/**
 * Outbox of mail to a staff account (password recovery): written in the transaction of the request, sent by
 * the `account-mail.send` job after commit. Not tenant-owned: system users and maintainers have no school.
 */
export const accountMail = pgTable(
  'account_mail',
  {
    id_account_mail: serial('id_account_mail').primaryKey(),
    /** The staff account; null for a mail to a guardian (a guardian has no account). */
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'cascade' }),
    /** What the mail is for, e.g. 'password_recovery', 'guardian_sign_in'. */
    kind: text('kind').notNull(),
    /** One per message: a retried job finds the message by it, and it is the mail's Message-ID. */
    idempotencyKey: uuid('idempotency_key').notNull().unique().defaultRandom(),
    recipient: text('recipient').notNull(),
    /** Subject and bodies, sealed with ENCRYPTION_KEY (a reset link is a password); emptied once sent. */
    sealedContent: text('sealed_content'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_mail_user_idx').on(t.id_user, t.createdAt),
    check('account_mail_status', sql`${t.status} IN ('pending', 'sent', 'failed')`),
    // a guardian has no account: their sign-in mails and a second guardian's invitation to sign an agreement
    check(
      'account_mail_owner',
      sql`${t.id_user} IS NOT NULL OR ${t.kind} IN ('guardian_sign_in', 'registration_cosign')`,
    ),
  ],
);

/** Fixed-window counters of the rate limiter, shared by every API process (see lib/rate-limit-store.ts). */
export const rateLimitCounter = pgTable(
  'rate_limit_counter',
  {
    /** SHA-256 of the limiter's key (route and client address, account or token family): nothing in clear. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counter_reset_idx').on(t.resetAt)],
);

/**
 * Idempotency-Key records of create calls (plugins/idempotency.ts): per caller, the request's hash and, once it
 * answered, the answer to replay on a repeat. Not tenant-owned: the key hash folds in the user and the school.
 * Rows live an hour; expired ones are swept on write and by the hourly maintenance job.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    /** SHA-256 of the user, the school chosen and the client's key: nothing in clear. */
    key: text('key').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => user.id_user, { onDelete: 'cascade' }),
    /** SHA-256 of the method, path and body: the same key with another request is refused (422). */
    requestHash: text('request_hash').notNull(),
    /** 'running' until the first request answers, then 'done' with the answer below. */
    state: text('state').notNull().default('running'),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('idempotency_key_expires_idx').on(t.expiresAt),
    check('idempotency_key_state', sql`${t.state} IN ('running', 'done')`),
  ],
);
