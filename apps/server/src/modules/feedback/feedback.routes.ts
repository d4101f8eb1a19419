import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  CreateFeedbackRequestSchema,
  FeedbackListQuerySchema,
  FeedbackRowSchema,
  UpdateFeedbackRequestSchema,
} from '@openseat/shared/schemas/feedback';
import { imageResponse, MessageResponseSchema, pageOf, savedOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import { uploadFormOf } from '../../lib/form-upload';
import { mimeOfStoredImage, storedFilePath } from '../../lib/uploads';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as feedback from './feedback.service';

const saved = savedOf(FeedbackRowSchema).describe('The notice and the feedback as stored');
const UPLOAD =
  'multipart/form-data: the fields as strings and at most one image part `screen_shot` (PNG, JPEG or WebP by its content, at most 2 MiB); a JSON body without an image is accepted too';

/** Feedback from staff (spec: /feedback, /feedback/{id}, multipart create and update). */
export async function feedbackRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['feedback'];
  const params = z.object({ id });
  const dataDir = deps.config.dataDir;

  app.get(
    '/feedback',
    {
      config: { permission: ['feedback', 'access'] },
      schema: {
        tags,
        querystring: FeedbackListQuerySchema,
        response: { 200: pageOf(FeedbackRowSchema).describe('One page of the feedback in scope, newest first') },
      },
    },
    (req) => feedback.listFeedback(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/feedback/:id',
    {
      config: { permission: ['feedback', 'access'] },
      schema: { tags, params, response: { 200: FeedbackRowSchema.describe('The feedback') } },
    },
    (req) => feedback.getFeedback(deps.db, principalOf(req), req.params.id),
  );

  app.get(
    '/feedback/:id/screenshot',
    { config: { permission: ['feedback', 'access'] }, schema: { tags, params, response: { 200: imageResponse } } },
    async (req, reply) => {
      const file = await feedback.screenshotOf(deps.db, principalOf(req), req.params.id);
      return reply
        .type(mimeOfStoredImage(file))
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(storedFilePath(dataDir, file)));
    },
  );

  app.post(
    '/feedback',
    {
      config: { permission: ['feedback', 'create'] },
      schema: {
        tags,
        description: UPLOAD,
        consumes: ['multipart/form-data', 'application/json'],
        // multipart bodies are read by the service (fields as strings, `screen_shot` as a file part)
        body: CreateFeedbackRequestSchema.nullish(),
        response: { 200: saved },
      },
    },
    async (req) => ({
      message: translate('created', req.lng),
      data: await feedback.createFeedback(deps.db, dataDir, principalOf(req), uploadFormOf(req)),
    }),
  );

  app.put(
    '/feedback/:id',
    {
      config: { permission: ['feedback', 'edit'] },
      schema: {
        tags,
        description: `${UPLOAD}. The author changes title, type, description, url and the screenshot (removeScreenShot=true drops it); only system users change id_status_feedback (1 pending, 2 working on it, 3 done).`,
        consumes: ['multipart/form-data', 'application/json'],
        params,
        body: UpdateFeedbackRequestSchema.nullish(),
        response: { 200: saved },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await feedback.updateFeedback(deps.db, dataDir, principalOf(req), req.params.id, uploadFormOf(req)),
    }),
  );

  app.delete(
    '/feedback/:id',
    {
      config: { permission: ['feedback', 'delete'] },
      schema: { tags, params, response: { 200: MessageResponseSchema.describe('Deleted, with its screenshot') } },
    },
    async (req) => {
      await feedback.deleteFeedback(deps.db, dataDir, principalOf(req), req.params.id);
      return { message: translate('deleted', req.lng) };
    },
  );
}
