import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { createCampus, createSchool, createUser } from './factories';
import { startTestApp, type TestContext } from './harness';
import {
  BAD_URL_VALUES,
  badUrlValuesFor,
  badValuesFor,
  operationsOf,
  validObject,
  validValue,
  type OpenApiDocument,
  type Operation,
} from './openapi-walk';
import { signIn } from './session';

/**
 * Bad input over every route of the OpenAPI document, as a signed-in SuperAdmin: no answer may be a 5xx,
 * and no bad value may reach the database unvalidated (the error handler's `INVALID_INPUT` code).
 * New routes are covered as soon as they are in the document. One bad field at a time, the others valid,
 * so each bad value reaches the handler.
 */

type Probe = { label: string; url: string; body?: string; contentType?: string };
type Failure = string;

// Started while the file is collected, so that every operation of the document is a test of its own (a slow
// machine then stretches many short tests rather than one long one past its timeout).
const ctx: TestContext = await startTestApp();
const operations = operationsOf(ctx.app.swagger() as unknown as OpenApiDocument);
let token: string;
let email: string;

beforeAll(async () => {
  // Fixtures with id 1 first, so the baseline id of every path and body points at a real row (not the caller).
  const school = await createSchool(ctx.db, 'Walker School');
  await createCampus(ctx.db, school.id_school, 'Walker Campus');
  await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  const admin = await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
  email = admin.email;
  token = (await signIn(ctx.baseUrl, email)).accessToken;
});
afterAll(() => ctx.close());

const BASELINE_ID = '1';
const OVERSIZE = 1024 * 1024 + 16;

function pathOf(op: Operation, replace: Record<string, string> = {}) {
  return op.template.replace(/\{(\w+)\}/g, (_, name: string) => replace[name] ?? BASELINE_ID);
}

function baselineQuery(op: Operation): Record<string, string> {
  const query: Record<string, string> = {};
  const required = new Set(
    (op.operation.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
  );
  for (const q of op.query) if (required.has(q.name)) query[q.name] = String(validValue(q.name, q.schema));
  return query;
}

const withQuery = (path: string, query: Record<string, string>) => {
  const pairs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
};

function urlProbes(op: Operation): Probe[] {
  const base = baselineQuery(op);
  const probes: Probe[] = [];
  for (const name of op.pathParams)
    for (const [label, value] of BAD_URL_VALUES)
      probes.push({ label: `path ${name}: ${label}`, url: withQuery(pathOf(op, { [name]: value }), base) });
  for (const q of op.query) {
    for (const [label, value] of badUrlValuesFor(q.schema))
      probes.push({ label: `query ${q.name}: ${label}`, url: withQuery(pathOf(op), { ...base, [q.name]: value }) });
    probes.push({
      label: `query ${q.name}: repeated`,
      url: `${withQuery(pathOf(op), base)}${Object.keys(base).length ? '&' : '?'}${q.name}=1&${q.name}=2`,
    });
  }
  probes.push({ label: 'unknown query parameter', url: withQuery(pathOf(op), { ...base, zz_unknown: 'x' }) });
  return probes;
}

/** One JSON body per bad value per field, every other field valid. Arrays: the fields of their first item. */
function bodyProbes(op: Operation, url: string): Probe[] {
  if (!op.body) return [];
  const isArray = op.body.type === 'array';
  const itemSchema = isArray ? (op.body.items ?? {}) : op.body;
  const wrap = (item: unknown) => JSON.stringify(isArray ? [item] : item);
  const valid = validObject(itemSchema);
  const probes: Probe[] = [{ label: 'valid-looking body', url, body: wrap(valid) }];
  const schemaOf = (field: string) => itemSchema.properties?.[field] ?? {};
  for (const field of Object.keys(itemSchema.properties ?? {})) {
    const { [field]: _dropped, ...without } = valid;
    probes.push({ label: `body ${field}: missing`, url, body: wrap(without) });
    for (const [label, value] of badValuesFor(schemaOf(field)))
      probes.push({ label: `body ${field}: ${label}`, url, body: wrap({ ...valid, [field]: value }) });
  }
  return probes.map((p) => ({ ...p, contentType: 'application/json' }));
}

function multipart(fields: Array<[string, string]>, boundary = 'walkerboundary') {
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Whole bodies that are wrong in shape or kind: every write route gets them, multipart or not. */
function wholeBodyProbes(url: string): Probe[] {
  const json = (label: string, body: string): Probe => ({ label, url, body, contentType: 'application/json' });
  const proto = (name: string): Probe => ({ label: `multipart field ${name}`, url, ...multipart([[name, 'x']]) });
  return [
    { label: 'no body', url },
    json('empty JSON body', ''),
    json('{}', '{}'),
    json('[]', '[]'),
    json('null', 'null'),
    json('a number', '2147483648'),
    json('broken JSON', '{"a":'),
    json('__proto__ key', '{"__proto__":{"polluted":true}}'),
    json('constructor key', '{"constructor":{"prototype":{"polluted":true}}}'),
    json('oversize body', ' '.repeat(OVERSIZE)),
    { label: 'text/plain body', url, body: 'hello', contentType: 'text/plain' },
    { label: 'form-urlencoded body', url, body: 'a=1', contentType: 'application/x-www-form-urlencoded' },
    { label: 'multipart without boundary', url, body: 'x', contentType: 'multipart/form-data' },
    { label: 'multipart, broken', url, body: '--b\r\nnonsense', contentType: 'multipart/form-data; boundary=b' },
    proto('__proto__[]'),
    proto('__proto__'),
    proto('constructor'),
    proto('prototype'),
    { label: 'multipart, NUL in a field', url, ...multipart([['name', 'a\u0000b']]) },
  ];
}

async function send(method: string, probe: Probe): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (probe.contentType) headers['content-type'] = probe.contentType;
  const res = await fetch(`${ctx.baseUrl}${probe.url}`, { method, headers, body: probe.body });
  return { status: res.status, text: await res.text() };
}

/** The session may end on the way (a route that signs out or revokes); sign in again rather than lose coverage. */
async function ensureSignedIn() {
  const res = await fetch(`${ctx.baseUrl}/api/auth/validate-token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status === 401) token = (await signIn(ctx.baseUrl, email)).accessToken;
  return res.status === 401;
}

async function probe(method: string, p: Probe): Promise<Failure | null> {
  let result: { status: number; text: string };
  try {
    result = await send(method, p);
    if (result.status === 401 && (await ensureSignedIn())) result = await send(method, p);
  } catch (error) {
    return `${method} ${p.url.slice(0, 120)} [${p.label}] -> no complete answer (${String(error)})`;
  }
  const unvalidated = result.status < 500 && /"code":"INVALID_INPUT"/.test(result.text);
  const broken = result.status < 300 && /"statusCode":5\d\d/.test(result.text);
  if (result.status < 500 && !unvalidated && !broken) return null;
  return `${method} ${p.url.slice(0, 120)} [${p.label}] -> ${result.status} ${result.text.slice(0, 200)}`;
}

async function walk(op: Operation): Promise<Failure[]> {
  const url = withQuery(pathOf(op), baselineQuery(op));
  const probes = [...urlProbes(op), ...bodyProbes(op, url)];
  if (op.method !== 'GET') probes.push(...wholeBodyProbes(url));
  const failures: Failure[] = [];
  for (const p of probes) {
    const failure = await probe(op.method, p);
    if (failure) failures.push(failure);
  }
  return failures;
}

/** A JSON call as the signed-in SuperAdmin; `url` is already encoded. */
async function json(method: string, url: string, body?: unknown) {
  const res = await send(method, {
    label: '',
    url: `/api${url}`,
    ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }),
  });
  return { status: res.status, body: JSON.parse(res.text) as { message: string; code: string; data?: unknown } };
}

/** Each cause of a 500 found on main, with a positive control beside it. */
describe('the causes of 500s on bad input', () => {
  it('an id beyond 32 bits answers 400 with the id message (path, filter, body)', async () => {
    const campus = await createCampus(ctx.db, (await createSchool(ctx.db)).id_school);
    expect((await json('GET', `/campus/${campus.id_campus}`)).status).toBe(200);
    const path = await json('GET', '/campus/2147483648');
    expect(path).toMatchObject({ status: 400, body: { message: 'ID has to be a number greater than 0.' } });
    expect((await json('GET', '/campus?id_school=2147483648')).status).toBe(400);
    expect((await json('GET', `/campus?id_school=${campus.id_school}`)).status).toBe(200);
    const period = {
      id_campus: campus.id_campus,
      id_school_year: 3,
      spots: 10,
      enrollment_start_date: '2026-01-01',
      enrollment_end_date: '2026-06-30',
      first_day_of_school: null,
    };
    const huge = await json('POST', '/enrollment/campusYear', { ...period, enrollment_acceptance_period: 2147483648 });
    expect(huge).toMatchObject({ status: 400, body: { message: 'The number is out of range.' } });
    const ok = await json('POST', '/enrollment/campusYear', { ...period, enrollment_acceptance_period: 30 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('a NUL in a search or in saved text answers 400', async () => {
    await createSchool(ctx.db, 'Nul Search Academy');
    const found = await json('GET', '/school?text=Nul%20Search');
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain('Nul Search Academy');
    for (const text of ['%00', 'Nul%00'])
      expect(await json('GET', `/school?text=${text}`)).toMatchObject({
        status: 400,
        body: { message: 'The text contains characters that are not allowed.' },
      });
    expect((await json('GET', '/school/search?term=%00')).status).toBe(400);
    expect((await json('POST', '/school', { name: 'Nul\u0000 School' })).status).toBe(400);
    expect((await json('POST', '/school', { name: 'Proper School' })).status).toBe(200);
  });

  it('a lone surrogate answers 400 instead of breaking the audit row; emoji are kept', async () => {
    const lone = await json('PUT', '/user/me', { name: '\ud800x', telephone: null });
    expect(lone).toMatchObject({
      status: 400,
      body: { message: 'The text contains characters that are not allowed.' },
    });
    const emoji = await json('PUT', '/user/me', { name: 'Ñandú 😀', telephone: null });
    expect(emoji.status).toBe(200);
    expect((await json('GET', '/user/me')).body).toMatchObject({ name: 'Ñandú 😀' });
  });

  it('an update with nothing to change answers 400; a partial one saves', async () => {
    for (const body of [{}, { unknownField: 1 }])
      expect(await json('PUT', '/user/configuration', body)).toMatchObject({
        status: 400,
        body: { message: 'Send at least one field to change.' },
      });
    expect(await json('PUT', '/user/configuration', { lng: 'es' })).toMatchObject({ status: 200, body: { lng: 'es' } });
  });

  it('multipart without a boundary answers 400 on both multipart routes', async () => {
    const campus = await createCampus(ctx.db, (await createSchool(ctx.db)).id_school);
    for (const url of ['/api/user', '/api/campus']) {
      const res = await send('PUT', { label: '', url, body: 'id_user=1', contentType: 'multipart/form-data' });
      expect(res.status, `${url}: ${res.text}`).toBe(400);
    }
    const fields: Array<[string, string]> = [
      ['id_campus', String(campus.id_campus)],
      ['id_school', String(campus.id_school)],
      ['name', 'Boundary Campus'],
    ];
    const ok = await send('PUT', { label: '', url: '/api/campus', ...multipart(fields) });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('bad input over every route of the OpenAPI document', () => {
  it('finds the routes in the document', () => expect(operations.length).toBeGreaterThan(50));

  for (const op of operations)
    it(
      `${op.method} ${op.template}: no 5xx, no unvalidated value reaching the database`,
      { timeout: 120_000 },
      async () => {
        expect(await walk(op)).toEqual([]);
      },
    );
});
