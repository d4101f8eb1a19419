import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import { id } from '@openseat/shared/schemas/rules';
import { ActiveRequestSchema, CampusConfigurationRequestSchema, CampusGradeActivationSchema, CampusGradeOptionRequestSchema, CampusListQuerySchema, CampusRequestSchema, GradeLanguageQuerySchema } from '@openseat/shared/schemas/schools';
import type { AppDeps } from '../../app';
import { writeAudit } from '../../lib/audit';
import { streamCsv } from '../../lib/csv';
import { badRequest } from '../../lib/errors';
import { mimeOfStoredImage, readMultipart, storedFilePath } from '../../lib/uploads';
import { principalOf } from '../../plugins/authenticate';
import { eachCampus } from './campuses.repository';
import * as campuses from './campuses.service';

export async function campusesRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['campuses'];
  const params = z.object({ id });
  const key = deps.secrets.encryptionKey;
  const listQuery = CampusListQuerySchema;
  const dataDir = deps.config.dataDir;

  app.get('/campus', { config: { permission: ['school_campus', 'access'] }, schema: { tags, querystring: listQuery } }, (req) => campuses.listCampuses(deps.db, principalOf(req), req.query));
  app.get('/campus/export', { config: { permission: ['school_campus', 'export_csv'] }, schema: { tags, querystring: listQuery } }, async (req, reply) => {
    const caller = principalOf(req);
    await writeAudit(deps.db, caller, { action: 'campus.export', entity: 'campus' });
    return streamCsv(reply, 'campuses.csv', ['campus', 'name', 'email', 'telephone', 'isActive'], eachCampus(deps.db, caller.scope, req.query), (r) => [r.schoolName, r.name, r.email ?? '', r.telephone ?? '', r.active]);
  });
  app.post('/campus', { config: { permission: ['school_campus', 'create'], denied: 'noPermissionCampusData' }, schema: { tags, body: CampusRequestSchema } }, async (req) => ({
    message: translate('created', req.lng),
    data: await campuses.createCampus(deps.db, principalOf(req), req.body),
  }));
  app.get('/campus/:id', { config: { permission: ['school_campus', 'access'] }, schema: { tags, params } }, (req) => campuses.getCampus(deps.db, principalOf(req), req.params.id));
  app.put('/campus', { config: { permission: ['school_campus', 'edit'], denied: 'noPermissionCampusData' }, schema: { tags, consumes: ['multipart/form-data', 'application/json'] } }, async (req) => {
    const { fields, image } = req.isMultipart() ? await readMultipart(req.parts()) : { fields: (req.body ?? {}) as Record<string, unknown>, image: null };
    const parsed = CampusRequestSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message, parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    if (!parsed.data.id_campus) throw badRequest('idRequired', [{ path: 'id_campus', message: 'idRequired' }]);
    return { message: translate('saved', req.lng), data: await campuses.updateCampus(deps.db, dataDir, principalOf(req), parsed.data.id_campus, parsed.data, image) };
  });
  app.delete('/campus/:id', { config: { permission: ['school_campus', 'delete'], denied: 'noPermissionCampusData' }, schema: { tags, params } }, async (req) => {
    await campuses.deleteCampus(deps.db, dataDir, principalOf(req), req.params.id);
    return { message: translate('deleted', req.lng) };
  });
  app.put('/campus/:id/active', { config: { permission: ['school_campus', 'enable_disable'], denied: 'noPermissionCampusData' }, schema: { tags, params, body: ActiveRequestSchema } }, async (req) => ({
    message: translate('saved', req.lng),
    data: await campuses.setCampusActive(deps.db, principalOf(req), req.params.id, req.body.active),
  }));
  app.get('/campus/:id/photo', { config: { signedIn: true }, schema: { tags, params } }, async (req, reply) => {
    const photo = await campuses.photoOf(deps.db, principalOf(req), req.params.id);
    return reply.type(mimeOfStoredImage(photo)).header('content-disposition', 'inline').send(createReadStream(storedFilePath(dataDir, photo)));
  });

  app.get('/configuration/campus', { config: { permission: ['school_campus', 'tab_configuration'] }, schema: { tags, querystring: z.object({ id_campus: id }) } }, (req) =>
    campuses.getConfiguration(deps.db, key, principalOf(req), req.query.id_campus),
  );
  app.put('/configuration/campus', { config: { permission: ['school_campus', 'tab_configuration'], denied: 'noPermissionCampusConfiguration' }, schema: { tags, body: CampusConfigurationRequestSchema } }, async (req) => ({
    message: translate('saved', req.lng),
    data: await campuses.updateConfiguration(deps.db, key, principalOf(req), req.body),
  }));

  const grades = { permission: ['school_campus', 'tab_grade_settings'] as const, denied: 'noPermissionGrades' as const };
  app.get('/configuration/campusGrade/all', { config: { permission: ['school_campus', 'access'] }, schema: { tags, querystring: z.object({ id_campus: id }) } }, (req) =>
    campuses.listGrades(deps.db, principalOf(req), req.query.id_campus),
  );
  app.put('/configuration/campusGrade/activate', { config: grades, schema: { tags, body: CampusGradeActivationSchema } }, async (req) => ({
    message: translate('saved', req.lng),
    data: await campuses.toggleGrade(deps.db, principalOf(req), req.body.id_campus_grade),
  }));
  app.put('/configuration/campusGrade', { config: grades, schema: { tags, body: CampusGradeOptionRequestSchema } }, async (req) => ({
    message: translate('saved', req.lng),
    data: await campuses.updateGradeOption(deps.db, principalOf(req), req.body),
  }));
  app.get('/configuration/campusGrade/campus/:id', { config: { permission: ['school_campus', 'access'] }, schema: { tags, params, querystring: GradeLanguageQuerySchema } }, (req) =>
    campuses.activeGradesOfCampus(deps.db, principalOf(req), req.params.id, req.query.lng ?? req.lng),
  );
  app.get('/configuration/campusGrade/school/:id', { config: { permission: ['school_campus', 'access'] }, schema: { tags, params, querystring: GradeLanguageQuerySchema } }, (req) =>
    campuses.activeGradesOfSchool(deps.db, principalOf(req), req.params.id, req.query.lng ?? req.lng),
  );
}
