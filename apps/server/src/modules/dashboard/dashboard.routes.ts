import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  DashboardAdsResponseSchema,
  DashboardBarsQuerySchema,
  DashboardBarsResponseSchema,
  DashboardFunnelResponseSchema,
  DashboardItemsResponseSchema,
  DashboardMetricsQuerySchema,
  DashboardScopeQuerySchema,
  DashboardStatusResponseSchema,
  UserDashboardItemRequestSchema,
  UserDashboardItemsRequestSchema,
  UserDashboardItemsResponseSchema,
} from '@openseat/shared/schemas/dashboard';
import { savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as dashboard from './dashboard.service';

const SCOPE =
  'Counted over the live applications of `id_campus` (default: every campus the caller may see) and `id_school_year` (default: every school period). Windows are in the time zone of the campus (else the school); see docs/api-dashboard.md.';

/** The analytics dashboard (spec: /dashboard/*, /user/dashboard/items, /user/dashboard/item). */
export async function dashboardRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  const config = { permission: ['dashboard', 'access'] as const };

  app.get(
    '/dashboard/items',
    {
      config,
      schema: {
        tags,
        description: `The nine metrics (or \`ids\`) over \`period\` and the previous equivalent window. ${SCOPE}`,
        querystring: DashboardMetricsQuerySchema,
        response: { 200: DashboardItemsResponseSchema.describe('The metrics, the windows counted and the seats') },
      },
    },
    (req) => dashboard.metrics(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/dashboard/leads',
    {
      config,
      schema: {
        tags,
        description: `The lead funnel (lead, applied, confirmed, enrolled) over \`period\`. ${SCOPE}`,
        querystring: DashboardMetricsQuerySchema,
        response: { 200: DashboardFunnelResponseSchema.describe('The funnel stages') },
      },
    },
    (req) => dashboard.funnel(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/dashboard/ads',
    {
      config,
      schema: {
        tags,
        description: `New applications from ads over \`period\`, per platform (fbPixel 1, googleAds 2). ${SCOPE}`,
        querystring: DashboardMetricsQuerySchema,
        response: { 200: DashboardAdsResponseSchema.describe('Leads from ads') },
      },
    },
    (req) => dashboard.ads(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/dashboard/applications',
    {
      config,
      schema: {
        tags,
        description: `The status chart: live applications by current status 1-9 (lead_2 and lead_3 count as lead). ${SCOPE}`,
        querystring: DashboardScopeQuerySchema,
        response: { 200: DashboardStatusResponseSchema.describe('Applications per status') },
      },
    },
    (req) => dashboard.statusChart(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/dashboard/bars-data',
    {
      config,
      schema: {
        tags,
        description:
          'New applications per month (keyed 01-12) of two calendar years: `value` in year1 (default last year), `value2` in year2 (default this year). Scoped by `id_campus` only: calendar years cut across school periods.',
        querystring: DashboardBarsQuerySchema,
        response: { 200: DashboardBarsResponseSchema.describe('Months 01-12 with value and value2') },
      },
    },
    (req) => dashboard.bars(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/user/dashboard/items',
    {
      config,
      schema: {
        tags,
        description: "The caller's widgets: the active ones in order, then the others",
        response: { 200: UserDashboardItemsResponseSchema },
      },
    },
    (req) => dashboard.userItems(deps.db, principalOf(req)),
  );

  app.put(
    '/user/dashboard/items',
    {
      config,
      schema: {
        tags,
        description: 'Stores the chosen widgets in order (`items`: dashboard item ids 1-9, no repeats; may be empty)',
        body: UserDashboardItemsRequestSchema,
        response: { 200: savedOf(UserDashboardItemsResponseSchema) },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await dashboard.saveUserItems(deps.db, principalOf(req), req.body),
    }),
  );

  app.put(
    '/user/dashboard/item',
    {
      config,
      schema: {
        tags,
        description: 'Turns one widget on (added last) or off; without `isActive` it is toggled',
        body: UserDashboardItemRequestSchema,
        response: { 200: savedOf(UserDashboardItemsResponseSchema) },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await dashboard.saveUserItem(deps.db, principalOf(req), req.body),
    }),
  );
}
