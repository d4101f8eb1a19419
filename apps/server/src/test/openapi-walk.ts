/**
 * Reads the app's OpenAPI document into the operations a route-wide test walks, and makes inputs for them:
 * a plausible valid value for each schema (so one bad field at a time reaches the handler) and the bad
 * values to put in its place.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
};

type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema };
type Content = Record<string, { schema?: JsonSchema }>;
type ResponseObject = { description?: string; content?: Content };
export type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Content };
  responses?: Record<string, ResponseObject>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

export type Operation = {
  method: string;
  /** The path as the document writes it, e.g. `/api/campus/{id}`. */
  template: string;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema }>;
  /** The JSON (or form) body schema, when the route declares one. */
  body: JsonSchema | null;
  operation: OpenApiOperation;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document; deletions last, so a deleted fixture does not hide later routes. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const list: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const bodySchema =
        content['application/json']?.schema ??
        content['multipart/form-data']?.schema ??
        Object.values(content)[0]?.schema;
      list.push({
        method: method.toUpperCase(),
        template,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: bodySchema ?? null,
        operation,
      });
    }
  }
  const rank = (o: Operation) => (o.method === 'DELETE' ? 2 : /logout/.test(o.template) ? 1 : 0);
  return list.sort((a, b) => rank(a) - rank(b));
}

const typeOf = (schema: JsonSchema) => [schema.type ?? []].flat().find((t) => t !== 'null');

const VALID_STRINGS: Array<[RegExp, string]> = [
  [/email/i, 'walker@example.org'],
  [/phone|telephone/i, '+15205550101'],
  [/date|until|day_of/i, '2026-01-15'],
  [/password/i, 'Walker-Pass-2026!'],
  [/website|link|url/i, 'https://example.org'],
  [/lng|language/i, 'en'],
  [/theme/i, 'default'],
];

function validString(name: string, schema: JsonSchema): string {
  const guess = VALID_STRINGS.find(([test]) => test.test(name))?.[1];
  if (guess !== undefined) return guess;
  if (schema.pattern && !new RegExp(schema.pattern).test('walker')) return '1';
  const text = `Walker ${name} text`.padEnd(schema.minLength ?? 0, 'x');
  return schema.maxLength ? text.slice(0, schema.maxLength) : text;
}

/** A value the schema accepts, or close to it: good enough to get past every other field. */
export function validValue(name: string, schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variant?.length) return validValue(name, variant[0]);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return Math.max(1, typeof schema.minimum === 'number' ? schema.minimum : 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => validValue(name, schema.items ?? {}));
    case 'object':
      return validObject(schema);
    case 'string':
      return validString(name, schema);
    default:
      return 'walker';
  }
}

export function validObject(schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, validValue(k, s)]));
}

/** What goes wrong in real traffic: wrong types, nulls, out-of-range numbers, characters PostgreSQL refuses. */
export const BAD_VALUES: Array<[string, unknown]> = [
  ['null', null],
  ['empty string', ''],
  ['text for a number', 'abc'],
  ['number for text', 123],
  ['boolean', true],
  ['object', {}],
  ['array', []],
  ['array of nulls', [null]],
  ['int32 max + 1', 2147483648],
  ['int32 min - 1', -2147483649],
  ['int32 max + 1 as text', '2147483648'],
  ['beyond safe integer', Number.MAX_SAFE_INTEGER + 2],
  ['huge float', 1e308],
  ['negative', -1],
  ['zero', 0],
  ['decimal', 1.5],
  ['NUL in text', 'a\u0000b'],
  ['lone surrogate', '\ud800x'],
  ['long text', 'x'.repeat(20_000)],
  ['array with a huge id', [2147483648]],
  ['array with NUL text', ['a\u0000b']],
];

/** The bad values that matter most for each kind of field (by label); the rest are sampled in rotation. */
const FOR_TYPE: Record<string, string[]> = {
  integer: [
    'null',
    'text for a number',
    'decimal',
    'negative',
    'int32 max + 1',
    'int32 min - 1',
    'int32 max + 1 as text',
    'huge float',
  ],
  string: ['null', 'number for text', 'empty string', 'NUL in text', 'lone surrogate', 'long text', 'object'],
  boolean: ['null', 'text for a number', 'number for text'],
  array: ['null', 'text for a number', 'array of nulls', 'array with a huge id', 'array with NUL text'],
  object: ['null', 'array', 'text for a number'],
};
FOR_TYPE.number = FOR_TYPE.integer;

let rotation = 0;

/** Bad values for one field: those its type calls for, plus two more in rotation across the whole walk. */
export function badValuesFor(schema: JsonSchema): Array<[string, unknown]> {
  const type = typeOf(schema);
  const labels = type ? FOR_TYPE[type] : undefined;
  if (!labels) return BAD_VALUES;
  const chosen = BAD_VALUES.filter(([label]) => labels.includes(label));
  const rest = BAD_VALUES.filter(([label]) => !labels.includes(label));
  for (let i = 0; i < 2; i++) chosen.push(rest[rotation++ % rest.length]);
  return chosen;
}

/** Bad values for a path segment or query value (already URL-encoded where needed). */
export const BAD_URL_VALUES: Array<[string, string]> = [
  ['empty', ''],
  ['text', 'abc'],
  ['negative', '-1'],
  ['zero', '0'],
  ['decimal', '1.5'],
  ['exponent', '1e3'],
  ['hex', '0x10'],
  ['int32 max + 1', '2147483648'],
  ['huge', '99999999999999999999999'],
  ['infinite', '1e400'],
  ['NaN', 'NaN'],
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['encoded lone surrogate', '%ED%A0%80'],
  ['broken UTF-8', '%F0%9F%98'],
  ['bare percent', '%'],
  ['long', 'x'.repeat(5000)],
];

const URL_FOR_TYPE: Record<string, string[]> = {
  integer: ['empty', 'text', 'negative', 'decimal', 'hex', 'int32 max + 1', 'huge', 'infinite', 'NUL'],
  string: ['empty', 'NUL', 'NUL inside', 'encoded lone surrogate', 'broken UTF-8', 'bare percent', 'long'],
  boolean: ['empty', 'text', 'NUL'],
};
URL_FOR_TYPE.number = URL_FOR_TYPE.integer;

/** Bad URL values for one query parameter, by its type; a path segment gets all of them. */
export function badUrlValuesFor(schema: JsonSchema | null): Array<[string, string]> {
  const labels = schema ? URL_FOR_TYPE[typeOf(schema) ?? ''] : undefined;
  return labels ? BAD_URL_VALUES.filter(([label]) => labels.includes(label)) : BAD_URL_VALUES;
}
