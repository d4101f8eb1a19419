import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { ACTIONS, SUBJECTS, actionId, subjectId } from '@openseat/shared/permissions';
import * as s from '../db/schema/index';
import { apiClient, startTestApp, type TestContext } from './harness';
import { createUser } from './factories';
import { signIn } from './session';

/**
 * What the users, roles, catalog and mail routes send out is declared: every route has a described response
 * schema in the OpenAPI document, and JSON objects allow no field that the schema does not name, so a column
 * added later is stripped instead of leaking.
 */
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: unknown;
  anyOf?: JsonSchema[];
};
type Operation = {
  tags?: string[];
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};

const OUR_TAGS = ['users', 'roles', 'catalog', 'mail'];
/** Tagged 'catalog' but served by the enrollment module. */
const NOT_OURS = ['/api/catalog/campus-school-years'];

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
});
afterAll(() => ctx?.close());

function operations(paths: Record<string, Record<string, Operation>>) {
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.tags?.some((t) => OUR_TAGS.includes(t)) && !NOT_OURS.includes(path))
      .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** Every object in a schema closes its properties (no additionalProperties: true or missing). */
function openObjects(schema: JsonSchema, at: string): string[] {
  const found: string[] = [];
  if (schema.type === 'object' && schema.properties && schema.additionalProperties !== false) found.push(at);
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    found.push(...openObjects(child, `${at}.${name}`));
  if (schema.items) found.push(...openObjects(schema.items, `${at}[]`));
  for (const option of schema.anyOf ?? []) found.push(...openObjects(option, at));
  return found;
}

describe('declared responses', () => {
  it('every users, roles, catalog and mail route has a described 2xx response', async () => {
    const doc = await call<{ paths: Record<string, Record<string, Operation>> }>('GET', '/docs/json');
    const ops = operations(doc.body.paths);
    expect(ops.length).toBeGreaterThanOrEqual(30);
    const undeclared = ops
      .filter(({ op }) =>
        Object.entries(op.responses).some(
          ([status, r]) => status.startsWith('2') && (r.description === 'Default Response' || !r.content),
        ),
      )
      .map(({ route }) => route);
    expect(undeclared).toEqual([]);
  });

  it('JSON responses name every field they send (unknown fields are stripped)', async () => {
    const doc = await call<{ paths: Record<string, Record<string, Operation>> }>('GET', '/docs/json');
    const open = operations(doc.body.paths).flatMap(({ route, op }) =>
      Object.values(op.responses).flatMap((r) => {
        const json = r.content?.['application/json']?.schema;
        return json ? openObjects(json, route) : [];
      }),
    );
    expect(open).toEqual([]);
  });

  it('a stored row with more columns than the response declares sends only the declared ones', async () => {
    const admin = await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
    const { accessToken } = await signIn(ctx.baseUrl, admin.email);
    const me = await call<Record<string, unknown>>('GET', `/user/${admin.id_user}`, { token: accessToken });
    expect(me.status).toBe(200);
    for (const secret of ['passwordHash', 'tokenVersion', 'failedLogins', 'lockedUntil'])
      expect(me.body).not.toHaveProperty(secret);
    const grades = await call<Array<Record<string, unknown>>>('GET', '/catalog/grade', { token: accessToken });
    expect(Object.keys(grades.body[0]).sort()).toEqual(['age', 'id_grade', 'name', 'position']);
  });
});

describe('reference data', () => {
  it('stores every subject and action under its explicit id', async () => {
    const subjects = await ctx.db.select().from(s.subject);
    const actions = await ctx.db.select().from(s.action);
    expect(subjects.map((r) => [r.id_subject, r.name]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      SUBJECTS.map((name) => [subjectId(name), name]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(actions.map((r) => [r.id_action, r.name]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      ACTIONS.map((name) => [actionId(name), name]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });
});
