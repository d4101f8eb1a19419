import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LotteryPublicPageSchema,
  LotteryPublicParamsSchema,
  LotteryReportCsvQuerySchema,
} from '@openseat/shared/schemas/lottery-public';
import { csvResponse } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import * as lotteryPublic from './lottery-public.service';

/** Requests per minute and client address to the public lottery pages: a page load makes one, a download one more. */
export const PUBLIC_LOTTERY_LIMIT_PER_MINUTE = 120;

const attachment = (reply: FastifyReply, type: string, filename: string, text: string) =>
  reply.type(type).header('content-disposition', `attachment; filename="${filename}"`).send(text);

/**
 * A school period's public lottery page and its files (docs/api-lottery.md, "The public page"): no sign-in, the
 * period's public token is the only key, and each route answers for the period it names only.
 */
export async function lotteryPublicRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['lottery (public)'];
  const config = {
    public: true,
    rateLimit: { max: PUBLIC_LOTTERY_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
  } as const;
  const params = LotteryPublicParamsSchema;

  app.get(
    '/public/lottery/:token',
    { config, schema: { tags, params, response: { 200: LotteryPublicPageSchema } } },
    (req) => lotteryPublic.publicPage(deps.db, req.params.token),
  );
  app.get(
    '/public/lottery/:token/log.jsonl',
    {
      config,
      schema: {
        tags,
        params,
        response: {
          200: {
            description: "The period's log as JSON Lines (scripts/verify-lottery.mjs checks its chain)",
            content: { 'application/jsonl': { schema: z.unknown().meta({ type: 'string' }) } },
          },
        },
      },
    },
    async (req, reply) => {
      const { filename, text } = await lotteryPublic.publicLogFile(deps.db, req.params.token);
      return attachment(reply, 'application/jsonl; charset=utf-8', filename, text);
    },
  );
  app.get(
    '/public/lottery/:token/report.csv',
    {
      config,
      schema: {
        tags,
        params,
        querystring: LotteryReportCsvQuerySchema,
        response: { 200: csvResponse('The results report per grade (counts from 1 to 9 shown as "<10")') },
      },
    },
    async (req, reply) => {
      const lang = req.query.lang ?? req.lng;
      const { filename, csv } = await lotteryPublic.publicReportCsv(deps.db, req.params.token, lang);
      return attachment(reply, 'text/csv; charset=utf-8', filename, csv);
    },
  );
  app.get(
    '/public/lottery/:token/record.csv',
    {
      config,
      schema: { tags, params, response: { 200: csvResponse('The drawn lottery record file (404 before a draw)') } },
    },
    async (req, reply) => {
      const { filename, csv } = await lotteryPublic.publicRecordCsv(deps.db, req.params.token);
      return attachment(reply, 'text/csv; charset=utf-8', filename, csv);
    },
  );
}
