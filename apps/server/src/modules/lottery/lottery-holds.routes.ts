import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  MessageHoldListQuerySchema,
  MessageHoldParamsSchema,
  MessageHoldScheduleSchema,
  MessageHoldSchema,
} from '@openseat/shared/schemas/lottery';
import { listOf, savedOf } from '@openseat/shared/schemas/responses';
import { requireCampus } from '../campuses/campus-ref.service';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as holds from '../communication/message-holds.service';

/** The held messages of a campus (a real draw's offers, held staff moves) and their release (docs/api-lottery.md). */
export async function lotteryHoldRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['lottery'];
  const run = { permission: ['enrollment_settings', 'run_lottery'] } as const;
  const read = { permission: ['enrollment_settings', 'access'] } as const;

  app.get(
    '/lottery/holds',
    {
      config: read,
      schema: {
        tags,
        querystring: MessageHoldListQuerySchema,
        response: { 200: listOf(MessageHoldSchema, "The campus's held messages, newest first") },
      },
    },
    async (req) => {
      const caller = principalOf(req);
      const campus = await requireCampus(deps.db, caller.scope, req.query.id_campus);
      return holds.listHolds(deps.db, caller.scope, campus.id_campus);
    },
  );
  app.post(
    '/lottery/holds/:id/release',
    { config: run, schema: { tags, params: MessageHoldParamsSchema, response: { 200: savedOf(MessageHoldSchema) } } },
    async (req) => ({
      message: translate('messagesReleased', req.lng),
      data: await holds.releaseHold(deps, principalOf(req), req.params.id),
    }),
  );
  app.put(
    '/lottery/holds/:id/release-at',
    {
      config: run,
      schema: {
        tags,
        params: MessageHoldParamsSchema,
        body: MessageHoldScheduleSchema,
        response: { 200: savedOf(MessageHoldSchema) },
      },
    },
    async (req) => ({
      message: translate('releaseScheduled', req.lng),
      data: await holds.scheduleRelease(deps.db, principalOf(req), req.params.id, req.body),
    }),
  );
}
