import { boolean, integer, jsonb, pgTable, serial, unique } from 'drizzle-orm/pg-core';
import { dashboardItem } from './catalog';
import { user } from './access';

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
