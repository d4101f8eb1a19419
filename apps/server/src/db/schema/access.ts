import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { contextType, role, schoolYear } from './catalog';
import { campus, school } from './organization';

export const user = pgTable(
  'user',
  {
    id_user: serial('id_user').primaryKey(),
    id_context_type: integer('id_context_type')
      .notNull()
      .references(() => contextType.id_context_type),
    id_role: integer('id_role')
      .notNull()
      .references(() => role.id_role),
    name: text('name').notNull(),
    /** Stored lower-case; unique across the system. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    photo: text('photo'),
    telephone: text('telephone'),
    isActive: boolean('is_active').notNull().default(true),
    /** Null for system users and school maintainers. */
    id_school: integer('id_school').references(() => school.id_school),
    /** Set for campus users; always a campus of `id_school` (composite foreign key below). */
    id_campus: integer('id_campus'),
    isAllCampuses: boolean('is_all_campuses').notNull().default(false),
    /** Failed sign-in (or current-password) attempts since the last throttle or success. */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** Attempts are refused unchecked until then (docs/sessions.md). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Throttles in a row: each one waits twice as long (backoff); a success starts over. */
    lockCount: integer('lock_count').notNull().default(0),
    /** Bumped on password change/reset and deactivation: access tokens of older versions stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_school_idx').on(t.id_school, t.name),
    index('user_campus_idx').on(t.id_campus),
    foreignKey({
      name: 'user_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }),
    // a null id_school would switch the composite key off
    check('user_campus_has_school', sql`${t.id_campus} IS NULL OR ${t.id_school} IS NOT NULL`),
  ],
);

/** Schools a school maintainer (context 4) may sign in to. */
export const userSchool = pgTable(
  'user_school',
  {
    id_user: integer('id_user')
      .notNull()
      .references(() => user.id_user, { onDelete: 'cascade' }),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.id_user, t.id_school] })],
);

export const userConfiguration = pgTable('user_configuration', {
  id_user_configuration: serial('id_user_configuration').primaryKey(),
  id_user: integer('id_user')
    .notNull()
    .unique()
    .references(() => user.id_user, { onDelete: 'cascade' }),
  id_main_campus: integer('id_main_campus').references(() => campus.id_campus, { onDelete: 'set null' }),
  id_main_school_year: integer('id_main_school_year').references(() => schoolYear.id_school_year, {
    onDelete: 'set null',
  }),
  lng: text('lng').notNull().default('en'),
  theme: text('theme').notNull().default('default'),
});

/** Rotating refresh tokens: one row per issued token, grouped in a family that starts at login. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id_refresh_token: serial('id_refresh_token').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => user.id_user, { onDelete: 'cascade' }),
    family: uuid('family').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The school chosen at login-with-school, carried over on refresh. */
    id_school: integer('id_school').references(() => school.id_school, { onDelete: 'cascade' }),
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The token this one was rotated into, sealed with a key derived from THIS token (never stored), so a
     * second use within the grace window can answer with the same successor (docs/sessions.md).
     */
    successorSealed: text('successor_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_token_family_idx').on(t.family), index('refresh_token_user_idx').on(t.id_user)],
);

export const passwordResetToken = pgTable('password_reset_token', {
  id_password_reset_token: serial('id_password_reset_token').primaryKey(),
  id_user: integer('id_user')
    .notNull()
    .references(() => user.id_user, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
