import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdsApplicationRowSchema,
  AdsApplicationsQuerySchema,
  AdsExportQuerySchema,
  AdsRangeQuerySchema,
  AdsStatusCountQuerySchema,
  MonthlyReportSchema,
  StatusCountSchema,
} from '@openseat/shared/schemas/ads-tracking';
import { csvResponse, pageOf } from '@openseat/shared/schemas/responses';
import { streamCsv } from '../../lib/csv';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as ads from './ads-tracking.service';

const RANGE =
  'dateRange: this month 1 (default), last 3 months 2, last 6 months 3, last year 4, this year 5, personalised 6 (startDate and endDate, YYYY-MM-DD, UTC)';

/** Ads tracking (spec: /ads-tracking/monthly-report, /status-application-count, /applications). */
export async function adsTrackingRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['ads tracking'];
  const access = { permission: ['ads_tracking', 'access'] as const };

  app.get(
    '/ads-tracking/monthly-report',
    {
      config: access,
      schema: {
        tags,
        description: `Applications from ads per platform and month. ${RANGE}`,
        querystring: AdsRangeQuerySchema,
        response: { 200: MonthlyReportSchema },
      },
    },
    (req) => ads.monthlyReport(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/ads-tracking/status-application-count',
    {
      config: access,
      schema: {
        tags,
        description: `Applications from ads in a status (lead 1: every one; enrolled 9: enrolled now), per platform and month. ${RANGE}`,
        querystring: AdsStatusCountQuerySchema,
        response: { 200: StatusCountSchema },
      },
    },
    (req) => ads.statusCount(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/ads-tracking/applications',
    {
      config: access,
      schema: {
        tags,
        description: `The platform applications table, newest first; filters text, ad_id, campaign_id, platform (all, facebook, google), id_status. ${RANGE}`,
        querystring: AdsApplicationsQuerySchema,
        response: { 200: pageOf(AdsApplicationRowSchema).describe('One page of the applications from ads') },
      },
    },
    (req) => ads.listApplications(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/ads-tracking/applications/export',
    {
      config: { permission: ['ads_tracking', 'export_csv'] as const },
      schema: {
        tags,
        description:
          'The table as CSV (UTF-8 with BOM), every page: createdAt, id, applicantName, campaign_id, ad_id, status, platform',
        querystring: AdsExportQuerySchema,
        response: { 200: csvResponse('The applications from ads, one row each') },
      },
    },
    async (req, reply) => {
      const csv = await ads.prepareExport(deps.db, principalOf(req), req.query);
      return streamCsv(reply, csv.filename, csv.columns, csv.rows, csv.cells, { bom: true });
    },
  );
}
