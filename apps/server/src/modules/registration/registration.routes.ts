import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  FamilyRegistrationSchema,
  RegistrationApplicationParamsSchema,
  RegistrationDecisionSchema,
  RegistrationItemParamsSchema,
  RegistrationReviewQuerySchema,
  RegistrationReviewRowSchema,
  RegistrationChecklistCopySchema,
  RegistrationChecklistQuerySchema,
  RegistrationChecklistRequestSchema,
  RegistrationChecklistSchema,
} from '@openseat/shared/schemas/registration';
import { pageOf, savedOf } from '@openseat/shared/schemas/responses';
import { z } from 'zod';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import { attachmentHeader } from '../../lib/attachment';
import * as checklist from './checklist.service';
import * as documents from './document.service';
import * as review from './review.service';

/** The registration checklist of a school period, edited with the period's settings (docs/registration.md). */
const message = z.object({ message: z.string() });

export async function registrationRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['registration'];
  const edit = { permission: ['enrollment_settings', 'edit'], denied: 'noPermissionPeriodData' } as const;

  app.get(
    '/registration/checklist',
    {
      config: { permission: ['enrollment_settings', 'access'] },
      schema: { tags, querystring: RegistrationChecklistQuerySchema, response: { 200: RegistrationChecklistSchema } },
    },
    (req) => checklist.getChecklist(deps.db, principalOf(req), req.query.id_campus_year),
  );
  app.put(
    '/registration/checklist',
    {
      config: { permission: [...edit.permission], denied: edit.denied },
      schema: {
        tags,
        body: RegistrationChecklistRequestSchema,
        response: { 200: savedOf(RegistrationChecklistSchema) },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await checklist.replaceChecklist(deps.db, principalOf(req), req.body),
    }),
  );
  app.post(
    '/registration/checklist/copy',
    {
      config: { permission: [...edit.permission], denied: edit.denied },
      schema: { tags, body: RegistrationChecklistCopySchema, response: { 200: savedOf(RegistrationChecklistSchema) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await checklist.copyChecklist(deps.db, principalOf(req), req.body),
    }),
  );

  // the staff's review: approving is the step before enrolling, so it takes the right to move to enrolled
  const reviewer = { permission: ['selected_list', 'move_to_enrolled'], denied: 'noPermissionMove' } as const;
  app.get(
    '/registration/reviews',
    {
      config: { permission: ['selected_list', 'access'] },
      schema: {
        tags,
        querystring: RegistrationReviewQuerySchema,
        response: { 200: pageOf(RegistrationReviewRowSchema) },
      },
    },
    (req) => review.reviewQueue(deps.db, principalOf(req), req.query, req.lng),
  );
  app.get(
    '/registration/applications/:id',
    {
      config: { permission: ['selected_list', 'access'] },
      schema: { tags, params: RegistrationApplicationParamsSchema, response: { 200: FamilyRegistrationSchema } },
    },
    (req) => review.staffPacket(deps.db, principalOf(req), req.params.id, req.lng),
  );
  app.get(
    '/registration/applications/:id/items/:id_registration_item/document',
    {
      config: { permission: ['selected_list', 'access'] },
      schema: {
        tags,
        description: 'The document the family sent for the item (the one the packet shows); each read is audited.',
        params: RegistrationItemParamsSchema,
        response: {
          200: {
            description: 'The file',
            content: { 'application/octet-stream': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
          },
        },
      },
    },
    async (req, reply) => {
      const { id, id_registration_item } = req.params;
      const dataDir = deps.config.dataDir;
      const opened = await documents.openStaffDocument(deps.db, dataDir, principalOf(req), id, id_registration_item);
      return reply
        .type(opened.document.mimeType)
        .header('content-disposition', attachmentHeader(opened.document.originalName))
        .send(opened.stream);
    },
  );
  app.put(
    '/registration/applications/:id/items/:id_registration_item/review',
    {
      config: { permission: [...reviewer.permission], denied: reviewer.denied },
      schema: {
        tags,
        params: RegistrationItemParamsSchema,
        body: RegistrationDecisionSchema,
        response: { 200: message },
      },
    },
    async (req) => {
      await review.reviewItem(deps.db, principalOf(req), req.params.id, req.params.id_registration_item, req.body);
      return { message: translate('registrationReviewed', req.lng) };
    },
  );
}
