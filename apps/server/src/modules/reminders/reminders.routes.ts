import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import { ReminderRequestSchema, ReminderRowSchema } from '@openseat/shared/schemas/communication';
import { listOf, MessageResponseSchema, savedOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as reminders from './reminders.service';

/** Reminders of a campus (docs/api-reminders.md). */
export async function remindersRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['reminders'];
  const config = { permission: ['school_campus', 'tab_reminders'] } as const;
  const params = z.object({ id });

  app.get(
    '/reminder/campus/all/:id',
    {
      config,
      schema: {
        tags,
        params,
        response: { 200: listOf(ReminderRowSchema, 'The reminders of the campus (id = id_campus), by name') },
      },
    },
    (req) => reminders.listReminders(deps.db, principalOf(req), req.params.id),
  );
  app.post(
    '/reminder/campus',
    { config, schema: { tags, body: ReminderRequestSchema, response: { 200: savedOf(ReminderRowSchema) } } },
    async (req) => ({
      message: translate('created', req.lng),
      data: await reminders.createReminder(deps.db, principalOf(req), req.body),
    }),
  );
  app.get('/reminder/campus/:id', { config, schema: { tags, params, response: { 200: ReminderRowSchema } } }, (req) =>
    reminders.getReminder(deps.db, principalOf(req), req.params.id),
  );
  app.put(
    '/reminder/campus/:id',
    { config, schema: { tags, params, body: ReminderRequestSchema, response: { 200: savedOf(ReminderRowSchema) } } },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await reminders.updateReminder(deps.db, principalOf(req), req.params.id, req.body),
    }),
  );
  app.delete(
    '/reminder/campus/:id',
    { config, schema: { tags, params, response: { 200: MessageResponseSchema } } },
    async (req) => {
      await reminders.deleteReminder(deps.db, principalOf(req), req.params.id);
      return { message: translate('deleted', req.lng) };
    },
  );
}
