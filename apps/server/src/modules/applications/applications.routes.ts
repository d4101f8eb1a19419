import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  ApplicationCreateSchema,
  ApplicationCreatedSchema,
  ApplicationDetailSchema,
  ApplicationGradeSchema,
  ApplicationListQuerySchema,
  ApplicationPageSchema,
  ApplicationParamsSchema,
  ApplicationPrioritySchema,
  ApplicationUpdateSchema,
  DuplicateCheckSchema,
  PreviousStatusSchema,
  SpotsParamsSchema,
  SpotsResponseSchema,
  StatusHistoryQuerySchema,
  StatusHistoryResponseSchema,
  StatusMoveResultSchema,
  StatusMoveSchema,
  TransferSpotSchema,
  UnreadSchema,
} from '@openseat/shared/schemas/applications';
import { PageQuerySchema } from '@openseat/shared/schemas/pagination';
import { RecordReadSchema } from '@openseat/shared/schemas/record-access';
import { MessageResponseSchema, pageOf, savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as applications from './applications.service';
import * as moves from './moves.service';
import type { MoveOutcome } from './moves.service';

/** A move's answer in the reader's language: its notice as `message`, and each refusal's message. */
const translated = (outcome: MoveOutcome, lng: string) => ({
  message: translate(outcome.notice.key, lng, outcome.notice.params),
  ...outcome,
  refused: outcome.refused.map((r) => ({ ...r, message: translate(r.message, lng) })),
});

export async function applicationsRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['applications'];
  const read = { permission: ['application', 'access'] } as const;
  const detail = { 200: savedOf(ApplicationDetailSchema) };
  const moved = { 200: StatusMoveResultSchema };

  // the list's permission depends on the list type: checked in the service
  app.get(
    '/application',
    {
      config: { signedIn: true },
      schema: { tags, querystring: ApplicationListQuerySchema, response: { 200: ApplicationPageSchema } },
    },
    (req) => applications.listApplications(deps.db, principalOf(req), req.query),
  );
  app.get(
    '/application/status-historical',
    {
      config: read,
      schema: { tags, querystring: StatusHistoryQuerySchema, response: { 200: StatusHistoryResponseSchema } },
    },
    (req) => applications.statusHistory(deps.db, principalOf(req), req.query.id_application),
  );
  app.get(
    '/application/spots/:id_campus_year',
    { config: read, schema: { tags, params: SpotsParamsSchema, response: { 200: SpotsResponseSchema } } },
    (req) => applications.spotsOf(deps.db, principalOf(req), req.params.id_campus_year),
  );
  app.get(
    '/application/:id',
    {
      config: { ...read, recordRead: 'view' },
      schema: { tags, params: ApplicationParamsSchema, response: { 200: ApplicationDetailSchema } },
    },
    (req) => applications.viewApplication(deps.db, principalOf(req), req.params.id),
  );
  app.get(
    '/application/:id/readers',
    {
      // who saw this child is for those who read the audit log (a school's admins, its privacy officer)
      config: { permission: ['audit_log', 'access'] },
      schema: {
        tags,
        description:
          "Every read of the application's record, newest first: staff views, file downloads, exports, its " +
          "guardian's portal views. 404 outside the caller's scope",
        params: ApplicationParamsSchema,
        querystring: PageQuerySchema.omit({ text: true }),
        response: { 200: pageOf(RecordReadSchema) },
      },
    },
    async (req) => {
      const { page, pageSize } = req.query;
      const found = await applications.readersOfApplication(deps.db, principalOf(req), req.params.id, page, pageSize);
      return { data: found.rows, total: found.total, page, pageSize };
    },
  );
  app.post(
    '/application',
    {
      config: { permission: ['application', 'create'] },
      schema: { tags, body: ApplicationCreateSchema, response: { 200: ApplicationCreatedSchema } },
    },
    async (req) => {
      const created = await applications.createApplication(deps.db, principalOf(req), req.body);
      const message = created.duplicates.length ? 'applicationDuplicate' : 'created';
      return { message: translate(message, req.lng), ...created };
    },
  );
  app.post(
    '/application/duplicates',
    {
      config: { permission: ['application', 'create'] },
      schema: { tags, body: ApplicationCreateSchema, response: { 200: DuplicateCheckSchema } },
    },
    async (req) => ({ duplicates: await applications.checkDuplicates(deps.db, principalOf(req), req.body) }),
  );
  app.put(
    '/application',
    {
      config: { permission: ['application', 'edit_info'] },
      schema: { tags, body: ApplicationUpdateSchema, response: detail },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await applications.updateApplication(deps.db, principalOf(req), req.body),
    }),
  );
  app.put(
    '/application/grade',
    {
      config: { permission: ['application', 'save_details'] },
      schema: { tags, body: ApplicationGradeSchema, response: detail },
    },
    async (req) => {
      const caller = principalOf(req);
      await applications.assertGradeOf(deps.db, caller, req.body.id_application, req.body.id_grade);
      await moves.changeGrade(deps, caller, req.body.id_application, req.body.id_grade);
      return {
        message: translate('saved', req.lng),
        data: await applications.getApplication(deps.db, caller, req.body.id_application),
      };
    },
  );
  app.put(
    '/application/priority',
    {
      config: { permission: ['application', 'save_details'] },
      schema: { tags, body: ApplicationPrioritySchema, response: detail },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await applications.setPriority(
        deps.db,
        principalOf(req),
        req.body.id_application,
        req.body.id_priority_item,
      ),
    }),
  );
  app.delete(
    '/application/:id',
    {
      config: { permission: ['application', 'delete'] },
      schema: { tags, params: ApplicationParamsSchema, response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await moves.deleteApplication(deps, principalOf(req), req.params.id);
      return { message: translate('deleted', req.lng) };
    },
  );

  // each move needs the permission of its transition (application-status.ts): checked per application
  app.put(
    '/application/status',
    { config: { signedIn: true }, schema: { tags, body: StatusMoveSchema, response: moved } },
    async (req) => {
      const outcome = await moves.moveApplications(deps, principalOf(req), req.body);
      return translated(outcome, req.lng);
    },
  );
  app.put(
    '/application/status/previous',
    {
      config: { permission: ['application', 'previous_status'] },
      schema: { tags, body: PreviousStatusSchema, response: moved },
    },
    async (req) => {
      const outcome = await moves.moveToPrevious(deps, principalOf(req), req.body.id_application);
      return translated(outcome, req.lng);
    },
  );
  app.post(
    '/application/transfer-spot',
    {
      config: { permission: ['selected_list', 'transfer_spot'] },
      schema: { tags, body: TransferSpotSchema, response: moved },
    },
    async (req) => {
      const outcome = await moves.transferSpot(deps, principalOf(req), req.body);
      return translated(outcome, req.lng);
    },
  );
  app.put(
    '/application/read/:id',
    { config: read, schema: { tags, params: ApplicationParamsSchema, response: { 200: MessageResponseSchema } } },
    async (req) => {
      await applications.setRead(deps.db, principalOf(req), [req.params.id], true);
      return { message: translate('markedRead', req.lng) };
    },
  );
  app.put(
    '/application/unread',
    { config: read, schema: { tags, body: UnreadSchema, response: { 200: MessageResponseSchema } } },
    async (req) => {
      await applications.setRead(deps.db, principalOf(req), req.body.applicationIds, false);
      return { message: translate('markedUnread', req.lng) };
    },
  );
}
