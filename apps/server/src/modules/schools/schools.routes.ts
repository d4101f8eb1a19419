import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import { csvResponse, listOf, pageOf, savedOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import {
  ActiveRequestSchema,
  SchoolConfigurationRequestSchema,
  SchoolConfigurationSchema,
  SchoolListQuerySchema,
  SchoolRequestSchema,
  SchoolRowSchema,
  SchoolSearchRowSchema,
} from '@openseat/shared/schemas/schools';
import type { AppDeps } from '../../plugins/types';
import { streamCsv } from '../../lib/csv';
import { principalOf } from '../../plugins/authenticate';
import * as schools from './schools.service';

export async function schoolsRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['schools'];
  const params = z.object({ id });
  const key = deps.secrets.encryptionKey;
  const savedSchool = { 200: savedOf(SchoolRowSchema) };

  app.get(
    '/school',
    {
      config: { permission: ['schools', 'access'] },
      schema: { tags, querystring: SchoolListQuerySchema, response: { 200: pageOf(SchoolRowSchema) } },
    },
    (req) => schools.listSchools(deps.db, principalOf(req), req.query),
  );
  app.get(
    '/school/search',
    {
      config: { permission: ['schools', 'access'] },
      schema: {
        tags,
        querystring: z.object({ term: z.string().trim().max(200).default('') }),
        response: { 200: listOf(SchoolSearchRowSchema, 'At most 20 schools whose name contains the term') },
      },
    },
    (req) => schools.searchSchools(deps.db, principalOf(req), req.query.term),
  );
  app.get(
    '/school/export',
    {
      config: { permission: ['schools', 'export_csv'] },
      schema: { tags, querystring: SchoolListQuerySchema, response: { 200: csvResponse('schools.csv') } },
    },
    async (req, reply) => {
      const csv = await schools.exportSchools(deps.db, principalOf(req), req.query);
      return streamCsv(reply, csv.filename, csv.columns, csv.rows, (cells) => cells);
    },
  );
  app.post(
    '/school',
    {
      config: { permission: ['schools', 'create'], denied: 'noPermissionSchoolData' },
      schema: { tags, body: SchoolRequestSchema, response: savedSchool },
    },
    async (req) => ({
      message: translate('created', req.lng),
      data: await schools.createSchool(deps.db, principalOf(req), req.body),
    }),
  );
  app.get(
    '/school/:id',
    { config: { permission: ['school', 'access'] }, schema: { tags, params, response: { 200: SchoolRowSchema } } },
    (req) => schools.getSchool(deps.db, principalOf(req), req.params.id),
  );
  // either of two permissions (schools/edit or school/edit), so checked here rather than by one `permission`
  const mayEditSchool = async (req: FastifyRequest) => schools.assertMayEditSchool(principalOf(req));
  app.put(
    '/school/:id',
    {
      config: { signedIn: true },
      preValidation: mayEditSchool,
      schema: { tags, params, body: SchoolRequestSchema, response: savedSchool },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await schools.updateSchool(deps.db, principalOf(req), req.params.id, req.body),
    }),
  );
  app.put(
    '/school/:id/active',
    {
      config: { permission: ['schools', 'enable_disable'], denied: 'noPermissionSchoolData' },
      schema: { tags, params, body: ActiveRequestSchema, response: savedSchool },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await schools.setSchoolActive(deps.db, principalOf(req), req.params.id, req.body.active),
    }),
  );
  app.get(
    '/configuration/school',
    {
      config: { permission: ['school', 'tab_configuration'] },
      schema: { tags, querystring: z.object({ id_school: id }), response: { 200: SchoolConfigurationSchema } },
    },
    (req) => schools.getConfiguration(deps.db, key, principalOf(req), req.query.id_school),
  );
  app.put(
    '/configuration/school',
    {
      config: { permission: ['school', 'tab_configuration'], denied: 'noPermissionSchoolData' },
      schema: {
        tags,
        body: SchoolConfigurationRequestSchema,
        response: { 200: savedOf(SchoolConfigurationSchema) },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await schools.updateConfiguration(deps.db, key, principalOf(req), req.body),
    }),
  );
}
