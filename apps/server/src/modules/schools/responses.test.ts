import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { CampusConfigurationSchema, CampusRowSchema, SchoolRowSchema } from '@openseat/shared/schemas/schools';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { signIn } from '../../test/session';
import { responseSerializerCompiler } from '../../lib/response-serializer';

/**
 * What leaves the server for schools, campuses, grades, school periods, seats, priorities and tags: every route
 * declares its response in the OpenAPI document (no "Default Response"), and the serializer sends only the
 * declared fields, so a column added later does not leak by default.
 */
const OWN_TAGS = ['schools', 'campuses', 'enrollment', 'priorities', 'tags'];
const OWN_CATALOG_PATHS = ['/api/catalog/campus-school-years'];

type Operation = { tags?: string[]; responses?: Record<string, { description?: string; content?: object }> };

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
});
afterAll(() => ctx?.close());

describe('responses of the organisation modules', () => {
  it('every route declares its 200 response in the OpenAPI document', async () => {
    const doc = await call<{ paths: Record<string, Record<string, Operation>> }>('GET', '/docs/json');
    expect(doc.status).toBe(200);
    const ours = Object.entries(doc.body.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.tags?.some((t) => OWN_TAGS.includes(t)) || OWN_CATALOG_PATHS.includes(path))
        .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, ok: op.responses?.['200'] })),
    );
    // positive control: the walk found the routes (a renamed tag would otherwise pass vacuously)
    expect(ours.length).toBeGreaterThanOrEqual(35);
    const undeclared = ours.filter((r) => !r.ok?.content || r.ok.description === 'Default Response');
    expect(undeclared.map((r) => r.route)).toEqual([]);
  });

  it('the serializer (as in production) drops any field the response schema does not declare', () => {
    const school = {
      id_school: 1,
      name: 'A',
      address: null,
      telephone: null,
      email: null,
      website: null,
      description: null,
      subscribedUntil: null,
      active: true,
      is_charter_connect: false,
    };
    const serialize = responseSerializerCompiler({ check: false })({
      schema: SchoolRowSchema,
      method: 'GET',
      url: '/school/:id',
      httpStatus: '200',
    });
    const sent = JSON.parse(
      serialize({ ...school, sendgrid_api_key_encrypted: 'sealed', passwordHash: 'x' }) as string,
    );
    expect(sent).toEqual(school);
  });

  it('a campus and its configuration leave with exactly the declared fields, the secret only masked', async () => {
    const school = await createSchool(ctx.db, 'Response School');
    const campus = await createCampus(ctx.db, school.id_school, 'Response Campus');
    const admin = await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
    const token = (await signIn(ctx.baseUrl, admin.email)).accessToken;
    await call('PUT', '/configuration/campus', {
      token,
      body: { id_campus: campus.id_campus, is_lottery_campus: false, api_secret: 'campus-api-secret-7777' },
    });
    const row = await call<Record<string, unknown>>('GET', `/campus/${campus.id_campus}`, { token });
    expect(Object.keys(row.body).sort()).toEqual(Object.keys(CampusRowSchema.shape).sort());
    const config = await call<Record<string, unknown>>('GET', `/configuration/campus?id_campus=${campus.id_campus}`, {
      token,
    });
    expect(Object.keys(config.body).sort()).toEqual(Object.keys(CampusConfigurationSchema.shape).sort());
    expect(config.body.api_secret).toBe('••••7777');
    expect(JSON.stringify(config.body)).not.toContain('campus-api-secret');
  });
});
