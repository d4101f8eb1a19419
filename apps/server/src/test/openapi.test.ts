import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';
import { operationsOf, type JsonSchema, type OpenApiDocument, type Operation } from './openapi-walk';

/**
 * The OpenAPI document is complete enough to generate a client from: every route that takes input declares
 * it, and every route declares what it answers. Routes are read from the document, so a new route is checked
 * as soon as it exists.
 */

/** Writes that take no input by design: the bearer token is the whole request. */
// routes whose whole input is in the path (spec: PUT /application/read/{id}, one call per application)
const NO_BODY = new Set([
  'POST /api/auth/validate-token',
  'PUT /api/application/read/{id}',
  // admin console: the job is the path's id
  'POST /api/admin/jobs/{id}/retry',
  // notifications: marking read acts on the path's id, or on all the caller's rows
  'POST /api/notification/{id}/read',
  'POST /api/notification/read-all',
  'POST /api/notification/application/{id}/read',
  // held messages: releasing acts on the path's id
  'POST /api/lottery/holds/{id}/release',
  // the family portal: signing out acts on the caller's own sessions (the cookie)
  'POST /api/family/sign-out',
  // imports: undoing acts on the path's import as a whole
  'POST /api/imports/batches/{id}/undo',
]);

const WRITES = ['POST', 'PUT', 'PATCH'];

let ctx: TestContext;
let operations: Operation[];

beforeAll(async () => {
  ctx = await startTestApp();
  operations = operationsOf(ctx.app.swagger() as unknown as OpenApiDocument);
});
afterAll(() => ctx?.close());

const keyOf = (op: Operation) => `${op.method} ${op.template}`;
const hasShape = (schema: JsonSchema | undefined) =>
  Boolean(schema && (schema.type || schema.anyOf || schema.oneOf || schema.allOf || schema.enum || schema.format));

function inputProblem(op: Operation): string | null {
  const params = op.operation.parameters ?? [];
  for (const name of op.pathParams) {
    const declared = params.find((p) => p.in === 'path' && p.name === name);
    if (!hasShape(declared?.schema)) return `path parameter {${name}} has no schema`;
  }
  for (const match of op.template.matchAll(/\{(\w+)\}/g))
    if (!op.pathParams.includes(match[1])) return `path parameter {${match[1]}} is not declared`;
  if (WRITES.includes(op.method) && !NO_BODY.has(keyOf(op))) {
    const content = op.operation.requestBody?.content ?? {};
    const schemas = Object.values(content).map((c) => c.schema);
    if (!schemas.some(hasShape)) return 'takes a body but declares no request schema';
  }
  return null;
}

function responseProblem(op: Operation): string | null {
  const success = Object.entries(op.operation.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
  if (!success.length) return 'declares no 2xx response';
  // @fastify/swagger names every response "Default Response" unless told otherwise: the schema is what counts
  const declared = success.some(([, r]) => Object.values(r.content ?? {}).some((c) => hasShape(c.schema)));
  return declared ? null : 'answers a "Default Response" only (no response schema)';
}

describe('the OpenAPI document', () => {
  it('lists the app’s routes', () => {
    expect(operations.length).toBeGreaterThan(50);
    const documented = new Set(operations.map(keyOf));
    const missing = ctx.app.apiRoutes
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
  });

  it('declares the request schema of every route that takes input', () => {
    const problems = operations.flatMap((op) => {
      const problem = inputProblem(op);
      return problem ? [`${keyOf(op)}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('declares the response schema of every route', () => {
    const problems = operations.flatMap((op) => {
      const problem = responseProblem(op);
      return problem ? [`${keyOf(op)}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });
});
