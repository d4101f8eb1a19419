import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  MarkReadResponseSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationSettingsSchema,
  SaveNotificationSettingsRequestSchema,
} from '@openseat/shared/schemas/notifications';
import { savedOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as notifications from './notifications.service';

/** The caller's in-app notifications and their switches (spec: /notification-settings POST, GET, unread list). */
export async function notificationsRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const params = z.object({ id });
  const signedIn = { signedIn: true } as const;

  app.get(
    '/notification-settings',
    { config: signedIn, schema: { tags, response: { 200: NotificationSettingsSchema } } },
    (req) => notifications.getSettings(deps.db, principalOf(req)),
  );

  app.post(
    '/notification-settings',
    {
      config: signedIn,
      schema: {
        tags,
        description: 'Switches notification types on or off for the caller; types not listed keep their state.',
        body: SaveNotificationSettingsRequestSchema,
        response: { 200: savedOf(NotificationSettingsSchema) },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await notifications.saveSettings(deps.db, principalOf(req), req.body),
    }),
  );

  app.get(
    '/notification-settings/unread',
    {
      config: signedIn,
      schema: { tags, querystring: NotificationListQuerySchema, response: { 200: NotificationPageSchema } },
    },
    (req) => notifications.listUnread(deps.db, principalOf(req), req.query, req.lng),
  );

  app.post(
    '/notification/:id/read',
    {
      config: signedIn,
      schema: {
        tags,
        description: "Marks one of the caller's notifications read.",
        params,
        response: { 200: MarkReadResponseSchema },
      },
    },
    (req) => notifications.markOneRead(deps.db, principalOf(req), req.params.id),
  );

  app.post(
    '/notification/read-all',
    {
      config: signedIn,
      schema: {
        tags,
        description: 'Marks every notification of the caller read.',
        response: { 200: MarkReadResponseSchema },
      },
    },
    (req) => notifications.markAllRead(deps.db, principalOf(req)),
  );

  app.post(
    '/notification/application/:id/read',
    {
      config: signedIn,
      schema: {
        tags,
        description: "Marks the caller's notifications about one application read (opening the application).",
        params,
        response: { 200: MarkReadResponseSchema },
      },
    },
    (req) => notifications.markApplicationRead(deps.db, principalOf(req), req.params.id),
  );
}
