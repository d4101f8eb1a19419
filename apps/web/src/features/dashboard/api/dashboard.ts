import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type {
  DashboardBarsResponse,
  DashboardFunnelResponse,
  DashboardItemsResponse,
  DashboardPeriod,
  DashboardStatusResponse,
  UserDashboardItemsResponse,
} from '@openseat/shared/schemas/dashboard';
import { http } from '../../../lib/client';

/** What the figures are counted over: the top bar's campus (null = every campus in reach) and school period. */
export type DashboardScope = { id_campus: number | null; id_school_year: number | null };

const scopeQuery = (scope: DashboardScope) => ({
  id_campus: scope.id_campus ?? undefined,
  id_school_year: scope.id_school_year ?? undefined,
});

export const dashboardKeys = {
  all: ['dashboard'] as const,
  items: (scope: DashboardScope, period: DashboardPeriod) => ['dashboard', 'items', scope, period] as const,
  leads: (scope: DashboardScope, period: DashboardPeriod) => ['dashboard', 'leads', scope, period] as const,
  status: (scope: DashboardScope) => ['dashboard', 'status', scope] as const,
  bars: (scope: DashboardScope, year1: number, year2: number) => ['dashboard', 'bars', scope, year1, year2] as const,
  widgets: ['dashboard', 'widgets'] as const,
};

/** Every metric of one period: the cards that show the same period share this one request. */
export const useDashboardMetrics = (scope: DashboardScope, period: DashboardPeriod) =>
  useQuery({
    queryKey: dashboardKeys.items(scope, period),
    queryFn: () => http.get<DashboardItemsResponse>('/dashboard/items', { ...scopeQuery(scope), period }),
    placeholderData: keepPreviousData,
  });

export const useDashboardFunnel = (scope: DashboardScope, period: DashboardPeriod) =>
  useQuery({
    queryKey: dashboardKeys.leads(scope, period),
    queryFn: () => http.get<DashboardFunnelResponse>('/dashboard/leads', { ...scopeQuery(scope), period }),
    placeholderData: keepPreviousData,
  });

export const useDashboardStatus = (scope: DashboardScope) =>
  useQuery({
    queryKey: dashboardKeys.status(scope),
    queryFn: () => http.get<DashboardStatusResponse>('/dashboard/applications', scopeQuery(scope)),
  });

export const useDashboardBars = (scope: DashboardScope, year1: number, year2: number) =>
  useQuery({
    queryKey: dashboardKeys.bars(scope, year1, year2),
    queryFn: () =>
      http.get<DashboardBarsResponse>('/dashboard/bars-data', {
        id_campus: scope.id_campus ?? undefined,
        year1,
        year2,
      }),
    placeholderData: keepPreviousData,
  });

export const useDashboardWidgets = () =>
  useQuery({
    queryKey: dashboardKeys.widgets,
    queryFn: () => http.get<UserDashboardItemsResponse>('/user/dashboard/items'),
  });

/** Stores the chosen widgets in order. */
export function useSaveDashboardWidgets() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (items: number[]) =>
      http.put<{ message: string; data: UserDashboardItemsResponse }>('/user/dashboard/items', { items }),
    onSuccess: (saved) => client.setQueryData(dashboardKeys.widgets, saved.data),
  });
}
