import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  unique,
} from 'drizzle-orm/pg-core';
import { dashboardItem } from './catalog';
import { user } from './access';
import { school } from './organization';

/** The dashboard widgets a user turned on, in order. */
export const userDashboardItem = pgTable(
  'user_dashboard_item',
  {
    id_user_dashboard_item: serial('id_user_dashboard_item').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => user.id_user, { onDelete: 'cascade' }),
    id_dashboard_item: integer('id_dashboard_item')
      .notNull()
      .references(() => dashboardItem.id),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('user_dashboard_item_pair').on(t.id_user, t.id_dashboard_item)],
);

/** Saved filters of a user for one list type (application, denied, declined, historical). */
export const userFilter = pgTable(
  'user_filter',
  {
    id_user_filter: serial('id_user_filter').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => user.id_user, { onDelete: 'cascade' }),
    /** LIST_TYPE of packages/shared constants. */
    listType: integer('list_type').notNull(),
    filter: jsonb('filter').notNull(),
  },
  (t) => [unique('user_filter_list').on(t.id_user, t.listType)],
);

/**
 * The dashboard's rollup (docs/api-dashboard.md): how many history events of each metric (1-9) happened on each
 * local day (the campus's time zone, else the school's) for the live applications of a campus and school year.
 * Kept by database triggers on application_status (insert) and application (delete, campus, school year, platform
 * changes), so every writer keeps it; the metrics then read days, not history rows.
 */
export const dashboardCount = pgTable(
  'dashboard_count',
  {
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school, { onDelete: 'cascade' }),
    id_campus: integer('id_campus').notNull(),
    id_school_year: integer('id_school_year').notNull(),
    day: date('day').notNull(),
    metric: smallint('metric').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'dashboard_count_pk', columns: [t.id_school, t.id_campus, t.id_school_year, t.day, t.metric] }),
    // every campus of the school (the "all campuses" switch): one school period's days, whatever the campuses
    index('dashboard_count_school_year_idx').on(t.id_school, t.id_school_year, t.day),
  ],
);
