import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  LotteryDiceSchema,
  LotteryFreezeSchema,
  LotteryListQuerySchema,
  LotteryLogSchema,
  LotteryOutcomeSchema,
  LotteryParamsSchema,
  LotteryPeriodSchema,
  LotteryPlanSchema,
  LotteryPracticeCsvQuerySchema,
  LotteryRecordSchema,
  LotteryRerunSchema,
  LotteryResultSchema,
  LotteryRunSchema,
  LotterySummarySchema,
  LotteryUnfreezeSchema,
  LotteryVerificationSchema,
} from '@openseat/shared/schemas/lottery';
import { lotteryHoldRoutes } from './lottery-holds.routes';
import { lotteryPublicRoutes } from './lottery-public.routes';
import { csvResponse, listOf, savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as lottery from './lottery.service';
import { useTestChain } from './lottery.beacon';

const sendCsv = (reply: FastifyReply, filename: string, csv: string) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);

/** The lottery of a school period (docs/api-lottery.md). */
export async function lotteryRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['lottery'];
  const run = { permission: ['enrollment_settings', 'run_lottery'] } as const;
  const read = { permission: ['enrollment_settings', 'access'] } as const;
  const secret = deps.secrets.encryptionKey;
  useTestChain(deps.config.drandTestChainKey);

  app.post(
    '/application/lottery',
    {
      config: run,
      schema: { tags, body: LotteryRunSchema, response: { 200: savedOf(LotteryResultSchema) } },
    },
    async (req) => ({
      message: translate('lotteryDrawn', req.lng),
      data: await lottery.runLottery(
        { ...deps, drandRelays: deps.config.drandRelays },
        principalOf(req),
        secret,
        req.body,
      ),
    }),
  );
  app.post(
    '/lottery/practice',
    {
      config: run,
      schema: { tags, body: LotteryPeriodSchema, response: { 200: savedOf(LotteryResultSchema) } },
    },
    async (req) => ({
      message: translate('lotteryPracticed', req.lng),
      data: await lottery.practice(deps.db, principalOf(req), req.body),
    }),
  );
  app.get(
    '/lottery/practice/csv',
    {
      config: run,
      schema: {
        tags,
        querystring: LotteryPracticeCsvQuerySchema,
        response: { 200: csvResponse('lottery-practice.csv') },
      },
    },
    async (req, reply) => {
      const { filename, csv } = await lottery.practiceCsv(deps.db, principalOf(req), req.query);
      return sendCsv(reply, filename, csv);
    },
  );
  app.post(
    '/lottery/freeze',
    { config: run, schema: { tags, body: LotteryFreezeSchema, response: { 200: savedOf(LotterySummarySchema) } } },
    async (req) => ({
      message: translate('lotteryFrozen', req.lng),
      data: await lottery.freezeLottery(deps.db, principalOf(req), req.body, deps.clock?.()),
    }),
  );
  app.post(
    '/lottery/unfreeze',
    { config: run, schema: { tags, body: LotteryUnfreezeSchema, response: { 200: savedOf(LotterySummarySchema) } } },
    async (req) => ({
      message: translate('lotteryUnfrozen', req.lng),
      data: await lottery.unfreezeLottery(deps.db, principalOf(req), req.body),
    }),
  );
  app.post(
    '/lottery/rerun',
    { config: run, schema: { tags, body: LotteryRerunSchema, response: { 200: savedOf(LotterySummarySchema) } } },
    async (req) => ({
      message: translate('lotteryRerunReady', req.lng),
      data: await lottery.rerunLottery(deps, principalOf(req), req.body),
    }),
  );
  app.post(
    '/lottery/:id/dice',
    {
      config: run,
      schema: {
        tags,
        params: LotteryParamsSchema,
        body: LotteryDiceSchema,
        response: { 200: savedOf(LotterySummarySchema) },
      },
    },
    async (req) => {
      const { message, lottery: saved } = await lottery.enterDice(deps.db, principalOf(req), req.params.id, req.body);
      return { message: translate(message, req.lng), data: saved };
    },
  );
  app.get(
    '/lottery/log',
    { config: read, schema: { tags, querystring: LotteryListQuerySchema, response: { 200: LotteryLogSchema } } },
    (req) => lottery.periodLog(deps.db, principalOf(req), req.query.id_campus_year),
  );
  app.post(
    '/lottery/late',
    {
      config: run,
      schema: { tags, body: LotteryPeriodSchema, response: { 200: savedOf(z.array(LotteryOutcomeSchema)) } },
    },
    async (req) => ({
      message: translate('lateApplicationsAdded', req.lng),
      data: await lottery.addLateApplications(deps, principalOf(req), req.body),
    }),
  );
  app.get(
    '/lottery/plan',
    { config: run, schema: { tags, querystring: LotteryPeriodSchema, response: { 200: LotteryPlanSchema } } },
    (req) => lottery.lotteryPlan(deps.db, principalOf(req), req.query),
  );
  await lotteryHoldRoutes(root, deps);
  await lotteryPublicRoutes(root, deps);
  app.get(
    '/lottery',
    {
      config: read,
      schema: {
        tags,
        querystring: LotteryListQuerySchema,
        response: { 200: listOf(LotterySummarySchema, "The period's lotteries, newest first") },
      },
    },
    (req) => lottery.listLotteries(deps.db, principalOf(req), req.query.id_campus_year),
  );
  app.get(
    '/lottery/:id',
    { config: read, schema: { tags, params: LotteryParamsSchema, response: { 200: LotteryRecordSchema } } },
    (req) => lottery.getLottery(deps.db, principalOf(req), req.params.id),
  );
  app.get(
    '/lottery/:id/summary',
    { config: read, schema: { tags, params: LotteryParamsSchema, response: { 200: LotteryResultSchema } } },
    (req) => lottery.lotterySummary(deps.db, principalOf(req), req.params.id),
  );
  app.get(
    '/lottery/:id/verify',
    { config: read, schema: { tags, params: LotteryParamsSchema, response: { 200: LotteryVerificationSchema } } },
    (req) => lottery.verifyLottery(deps.db, principalOf(req), secret, req.params.id),
  );
  app.get(
    '/lottery/:id/csv',
    {
      config: read,
      schema: { tags, params: LotteryParamsSchema, response: { 200: csvResponse('lottery-record.csv') } },
    },
    async (req, reply) => {
      const { filename, csv } = await lottery.lotteryCsv(deps.db, principalOf(req), req.params.id);
      return sendCsv(reply, filename, csv);
    },
  );
}
