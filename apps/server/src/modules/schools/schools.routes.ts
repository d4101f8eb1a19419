import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import { id } from '@openseat/shared/schemas/rules';
import { ActiveRequestSchema, SchoolConfigurationRequestSchema, SchoolListQuerySchema, SchoolRequestSchema } from '@openseat/shared/schemas/schools';
import type { AppDeps } from '../../app';
import { writeAudit } from '../../lib/audit';
import { streamCsv } from '../../lib/csv';
import { principalOf } from '../../plugins/authenticate';
import { eachSchool } from './schools.repository';
import * as schools from './schools.service';

export async function schoolsRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['schools'];
  const params = z.object({ id });
  const key = deps.secrets.encryptionKey;

  app.get('/school', { config: { permission: ['schools', 'access'] }, schema: { tags, querystring: SchoolListQuerySchema } }, (req) => schools.listSchools(deps.db, principalOf(req), req.query));
  app.get('/school/search', { config: { permission: ['schools', 'access'] }, schema: { tags, querystring: z.object({ term: z.string().trim().max(200).default('') }) } }, (req) =>
    schools.searchSchools(deps.db, principalOf(req), req.query.term),
  );
  app.get('/school/export', { config: { permission: ['schools', 'export_csv'] }, schema: { tags, querystring: SchoolListQuerySchema } }, async (req, reply) => {
    const caller = principalOf(req);
    await writeAudit(deps.db, caller, { action: 'school.export', entity: 'school' });
    return streamCsv(reply, 'schools.csv', ['name', 'address', 'email', 'telephone', 'isActive'], eachSchool(deps.db, caller.scope, req.query), (r) => [r.name, r.address ?? '', r.email ?? '', r.telephone ?? '', r.active]);
  });
  app.post('/school', { config: { permission: ['schools', 'create'], denied: 'noPermissionSchoolData' }, schema: { tags, body: SchoolRequestSchema } }, async (req) => ({
    message: translate('created', req.lng),
    data: await schools.createSchool(deps.db, principalOf(req), req.body),
  }));
  app.get('/school/:id', { config: { permission: ['school', 'access'] }, schema: { tags, params } }, (req) => schools.getSchool(deps.db, principalOf(req), req.params.id));
  // either of two permissions (schools/edit or school/edit), so checked here rather than by one `permission`
  const mayEditSchool = async (req: FastifyRequest) => schools.assertMayEditSchool(principalOf(req));
  app.put('/school/:id', { config: { signedIn: true }, preValidation: mayEditSchool, schema: { tags, params, body: SchoolRequestSchema } }, async (req) => ({
    message: translate('saved', req.lng),
    data: await schools.updateSchool(deps.db, principalOf(req), req.params.id, req.body),
  }));
  app.put('/school/:id/active', { config: { permission: ['schools', 'enable_disable'], denied: 'noPermissionSchoolData' }, schema: { tags, params, body: ActiveRequestSchema } }, async (req) => ({
    message: translate('saved', req.lng),
    data: await schools.setSchoolActive(deps.db, principalOf(req), req.params.id, req.body.active),
  }));
  app.get('/configuration/school', { config: { permission: ['school', 'tab_configuration'] }, schema: { tags, querystring: z.object({ id_school: id }) } }, (req) =>
    schools.getConfiguration(deps.db, key, principalOf(req), req.query.id_school),
  );
  app.put('/configuration/school', { config: { permission: ['school', 'tab_configuration'], denied: 'noPermissionSchoolData' }, schema: { tags, body: SchoolConfigurationRequestSchema } }, async (req) => ({
    message: translate('saved', req.lng),
    data: await schools.updateConfiguration(deps.db, key, principalOf(req), req.body),
  }));
}
