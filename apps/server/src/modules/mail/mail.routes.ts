import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '@openseat/shared/schemas/pagination';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/errors';
import * as repo from './mail.repository';

/** Mail kept by the capture transport (embedded default, no SMTP): readable by system users. */
export async function mailRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { permission: ['captured_mail', 'access'] as const };

  app.get('/mail/captured', { config, schema: { tags: ['mail'], querystring: PageQuerySchema } }, async (req) => {
    const { page, pageSize } = req.query;
    const { rows, total } = await repo.listCapturedMail(deps.db, page, pageSize);
    return { data: rows, total, page, pageSize };
  });

  app.get('/mail/captured/:id', { config, schema: { tags: ['mail'], params: z.object({ id }) } }, async (req) => {
    const mail = await repo.findCapturedMail(deps.db, req.params.id);
    if (!mail) throw notFound();
    return mail;
  });
}
