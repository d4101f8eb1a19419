import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import { WaitingListReorderSchema, WaitingPlaceSchema } from '@openseat/shared/schemas/lottery';
import { WaitingListResultSchema, type WaitingListResult } from '@openseat/shared/schemas/waiting-list';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as waitingList from './waiting-list.service';

const translated = (result: WaitingListResult, lng: string) => ({
  ...result,
  message: translate('waitingListReordered', lng),
});

/** The waiting list worked in order (docs/api-waiting-list.md). */
export async function waitingListRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['waiting list'];
  const reorder = { permission: ['waiting_list', 'reorder_waiting_list'] } as const;
  app.post(
    '/application/reorder-waiting-list',
    { config: reorder, schema: { tags, body: WaitingListReorderSchema, response: { 200: WaitingListResultSchema } } },
    async (req) => translated(await waitingList.reorderByPriorities(deps.db, principalOf(req), req.body), req.lng),
  );
  app.put(
    '/application/waiting-list/position',
    { config: reorder, schema: { tags, body: WaitingPlaceSchema, response: { 200: WaitingListResultSchema } } },
    async (req) => translated(await waitingList.moveToPlace(deps.db, principalOf(req), req.body), req.lng),
  );
}
