import type { DashboardPeriod, DashboardRange, UserDashboardItemsResponse } from '@openseat/shared/schemas/dashboard';
import { startOfDay, type Days, type PeriodDays } from './dashboard.periods';

const windowOf = (days: Days, timeZone: string) => ({
  from: days.from,
  to: days.to,
  start: startOfDay(days.from, timeZone).toISOString(),
  end: startOfDay(days.to, timeZone).toISOString(),
});

/** The period asked for and the exact local days counted (and the instants they start and end), to check a figure. */
export const presentRange = (period: DashboardPeriod, timeZone: string, days: PeriodDays): DashboardRange => ({
  period,
  timeZone,
  current: windowOf(days.current, timeZone),
  previous: windowOf(days.previous, timeZone),
});

type CatalogItem = { id: number; name: string };
type StoredItem = { id_dashboard_item: number; isActive: boolean; position: number };

/**
 * The user's widgets: the active ones in their order, then the others. A user who never chose sees every widget
 * active in catalog order; an item added to the catalog later shows up inactive at the end.
 */
export function presentUserItems(catalog: CatalogItem[], stored: StoredItem[]): UserDashboardItemsResponse {
  const nameOf = new Map(catalog.map((c) => [c.id, c.name]));
  if (stored.length === 0)
    return {
      configured: false,
      data: catalog.map((c, position) => ({ id_dashboard_item: c.id, name: c.name, position, isActive: true })),
    };
  const known = stored.filter((row) => nameOf.has(row.id_dashboard_item));
  const ordered = [...known.filter((r) => r.isActive), ...known.filter((r) => !r.isActive)];
  const missing = catalog.filter((c) => !known.some((r) => r.id_dashboard_item === c.id));
  return {
    configured: true,
    data: [
      ...ordered.map((r) => ({ id_dashboard_item: r.id_dashboard_item, isActive: r.isActive })),
      ...missing.map((c) => ({ id_dashboard_item: c.id, isActive: false })),
    ].map((r, position) => ({ ...r, name: nameOf.get(r.id_dashboard_item)!, position })),
  };
}
