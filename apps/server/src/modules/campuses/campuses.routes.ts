import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  MessageResponseSchema,
  csvResponse,
  imageResponse,
  listOf,
  pageOf,
  savedOf,
} from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import {
  ActiveCampusGradeSchema,
  ActiveRequestSchema,
  ActiveSchoolGradeSchema,
  CampusConfigurationRequestSchema,
  CampusConfigurationSchema,
  CampusGradeActivationSchema,
  CampusGradeOptionRequestSchema,
  CampusGradeRowSchema,
  CampusGradeSchema,
  CampusListQuerySchema,
  CampusRequestSchema,
  CampusRowSchema,
  GradeLanguageQuerySchema,
} from '@openseat/shared/schemas/schools';
import type { AppDeps } from '../../plugins/types';
import { streamCsv } from '../../lib/csv';
import { uploadFormOf } from '../../lib/form-upload';
import { principalOf } from '../../plugins/authenticate';
import * as campuses from './campuses.service';
import { presentActiveGrade, presentSchoolGrade } from './campuses.presenter';
import * as grades from './grades.service';

export async function campusesRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['campuses'];
  const params = z.object({ id });
  const key = deps.secrets.encryptionKey;
  const dataDir = deps.config.dataDir;
  const savedCampus = { 200: savedOf(CampusRowSchema) };

  app.get(
    '/campus',
    {
      config: { permission: ['school_campus', 'access'] },
      schema: { tags, querystring: CampusListQuerySchema, response: { 200: pageOf(CampusRowSchema) } },
    },
    (req) => campuses.listCampuses(deps.db, principalOf(req), req.query),
  );
  app.get(
    '/campus/export',
    {
      config: { permission: ['school_campus', 'export_csv'] },
      schema: { tags, querystring: CampusListQuerySchema, response: { 200: csvResponse('campuses.csv') } },
    },
    async (req, reply) => {
      const csv = await campuses.exportCampuses(deps.db, principalOf(req), req.query);
      return streamCsv(reply, csv.filename, csv.columns, csv.rows, (cells) => cells);
    },
  );
  app.post(
    '/campus',
    {
      config: { permission: ['school_campus', 'create'], denied: 'noPermissionCampusData' },
      schema: { tags, body: CampusRequestSchema, response: savedCampus },
    },
    async (req) => ({
      message: translate('created', req.lng),
      data: await campuses.createCampus(deps.db, principalOf(req), req.body),
    }),
  );
  app.get(
    '/campus/:id',
    {
      config: { permission: ['school_campus', 'access'] },
      schema: { tags, params, response: { 200: CampusRowSchema } },
    },
    (req) => campuses.getCampus(deps.db, principalOf(req), req.params.id),
  );
  app.put(
    '/campus',
    {
      config: { permission: ['school_campus', 'edit'], denied: 'noPermissionCampusData' },
      schema: {
        tags,
        description:
          'multipart/form-data (the CampusRequest fields as strings and an optional file part `photo`) or JSON CampusRequest; id_campus required',
        consumes: ['multipart/form-data', 'application/json'],
        body: CampusRequestSchema.nullish(),
        response: savedCampus,
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await campuses.updateCampus(deps.db, dataDir, principalOf(req), uploadFormOf(req)),
    }),
  );
  app.delete(
    '/campus/:id',
    {
      config: { permission: ['school_campus', 'delete'], denied: 'noPermissionCampusData' },
      schema: { tags, params, response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await campuses.deleteCampus(deps.db, dataDir, principalOf(req), req.params.id);
      return { message: translate('deleted', req.lng) };
    },
  );
  app.put(
    '/campus/:id/active',
    {
      config: { permission: ['school_campus', 'enable_disable'], denied: 'noPermissionCampusData' },
      schema: { tags, params, body: ActiveRequestSchema, response: savedCampus },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await campuses.setCampusActive(deps.db, principalOf(req), req.params.id, req.body.active),
    }),
  );
  app.get(
    '/campus/:id/photo',
    { config: { signedIn: true }, schema: { tags, params, response: { 200: imageResponse } } },
    async (req, reply) => {
      const photo = await campuses.openPhoto(deps.db, dataDir, principalOf(req), req.params.id);
      return reply.type(photo.mime).header('content-disposition', 'inline').send(photo.stream);
    },
  );

  app.get(
    '/configuration/campus',
    {
      config: { permission: ['school_campus', 'tab_configuration'] },
      schema: { tags, querystring: z.object({ id_campus: id }), response: { 200: CampusConfigurationSchema } },
    },
    (req) => campuses.getConfiguration(deps.db, key, principalOf(req), req.query.id_campus),
  );
  app.put(
    '/configuration/campus',
    {
      config: { permission: ['school_campus', 'tab_configuration'], denied: 'noPermissionCampusConfiguration' },
      schema: {
        tags,
        body: CampusConfigurationRequestSchema,
        response: { 200: savedOf(CampusConfigurationSchema) },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await campuses.updateConfiguration(deps.db, key, principalOf(req), req.body),
    }),
  );

  const gradeSettings = {
    permission: ['school_campus', 'tab_grade_settings'] as const,
    denied: 'noPermissionGrades' as const,
  };
  app.get(
    '/configuration/campusGrade/all',
    {
      config: { permission: ['school_campus', 'access'] },
      schema: {
        tags,
        querystring: z.object({ id_campus: id }),
        response: { 200: listOf(CampusGradeRowSchema, 'Every grade of the catalog on the campus') },
      },
    },
    (req) => grades.listGrades(deps.db, principalOf(req), req.query.id_campus),
  );
  app.put(
    '/configuration/campusGrade/activate',
    {
      config: gradeSettings,
      schema: { tags, body: CampusGradeActivationSchema, response: { 200: savedOf(CampusGradeSchema) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await grades.toggleGrade(deps.db, principalOf(req), req.body.id_campus_grade),
    }),
  );
  app.put(
    '/configuration/campusGrade',
    {
      config: gradeSettings,
      schema: { tags, body: CampusGradeOptionRequestSchema, response: { 200: savedOf(CampusGradeSchema) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await grades.updateGradeOption(deps.db, principalOf(req), req.body),
    }),
  );
  app.get(
    '/configuration/campusGrade/campus/:id',
    {
      config: { permission: ['school_campus', 'access'] },
      schema: {
        tags,
        params,
        querystring: GradeLanguageQuerySchema,
        response: { 200: listOf(ActiveCampusGradeSchema, 'The active grades of the campus') },
      },
    },
    async (req) => {
      const { ageSchool, grades: active } = await grades.activeGradesOfCampus(deps.db, principalOf(req), req.params.id);
      return active.map((g) => presentActiveGrade(g, ageSchool, req.query.lng ?? req.lng));
    },
  );
  app.get(
    '/configuration/campusGrade/school/:id',
    {
      config: { permission: ['school_campus', 'access'] },
      schema: {
        tags,
        params,
        querystring: GradeLanguageQuerySchema,
        response: { 200: listOf(ActiveSchoolGradeSchema, 'The grades active on the campuses of the school') },
      },
    },
    async (req) => {
      const { ageSchool, grades: active } = await grades.activeGradesOfSchool(deps.db, principalOf(req), req.params.id);
      return active.map((g) => presentSchoolGrade(g, ageSchool, req.query.lng ?? req.lng));
    },
  );
}
