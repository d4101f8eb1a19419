import { describe, expect, it } from 'vitest';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

const route = { method: 'GET', url: '/thing', httpStatus: '200' };
const production = (schema: z.ZodType) => responseSerializerCompiler({ check: false })({ ...route, schema });
const checked = (schema: z.ZodType) => responseSerializerCompiler({ check: true })({ ...route, schema });
const byZod = (schema: z.ZodType) => zodSerializerCompiler({ ...route, schema });

const Row = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  kind: z.enum(['a', 'b']),
  active: z.boolean(),
  note: z.string().nullable(),
  nickname: z.string().optional(),
  grade: z.object({ id_grade: z.number(), name: z.string() }).nullable(),
  tags: z.array(z.object({ id_tag: z.number(), name: z.string() })),
  ids: z.array(z.number()),
  either: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
  counts: z.record(z.string(), z.object({ n: z.number() })),
  extra: z.unknown(),
  at: z.date(),
});
const Page = z.object({ data: z.array(Row), total: z.number() });

const row = {
  id: 1,
  name: 'Ana "Lu" García',
  createdAt: '2026-11-26T10:00:00.000Z',
  kind: 'a',
  active: true,
  note: null,
  grade: { id_grade: 3, name: '3rd' },
  tags: [{ id_tag: 7, name: 'sibling' }],
  ids: [1, 2, 3],
  either: { b: 'x' },
  counts: { applied: { n: 4 } },
  extra: { free: ['form'] },
  at: new Date(Date.UTC(2026, 10, 26)),
};

describe('response serializer', () => {
  it('writes the same text as zod, field order included', () => {
    const page = { total: 2, data: [row, { ...row, id: 2, nickname: 'Lu', grade: null, tags: [] }] };
    expect(production(Page)(page)).toBe(byZod(Page)(page));
    expect(checked(Page)(page)).toBe(byZod(Page)(page));
  });

  it('drops every field the schema does not declare, at every depth', () => {
    const leaky = {
      total: 1,
      passwordHash: 'x',
      data: [
        {
          ...row,
          passwordHash: 'x',
          grade: { ...row.grade, secret: 'x' },
          tags: [{ id_tag: 7, name: 'sibling', secret: 'x' }],
          either: { b: 'x', secret: 'x' },
          counts: { applied: { n: 4, secret: 'x' } },
        },
      ],
    };
    const sent = production(Page)(leaky);
    expect(sent).not.toContain('secret');
    expect(sent).not.toContain('passwordHash');
    expect(JSON.parse(sent)).toEqual(JSON.parse(byZod(Page)({ total: 1, data: [row] })));
  });

  it('never writes out an object where a plain value is declared (a 500, as zod answered)', () => {
    const wrong = { ...row, name: { first: 'Ana', passwordHash: 'x' } };
    expect(() => production(Row)(wrong)).toThrow(/doesn't match the schema/);
    expect(() => production(Row)({ ...row, tags: { id_tag: 1 } })).toThrow(/doesn't match the schema/);
  });

  it('checks types under test, as zod did', () => {
    expect(() => checked(Row)({ ...row, id: 'one' })).toThrow(/doesn't match the schema/);
    // production leaves the check to the tests: a plain value of another kind is written as it is
    expect(JSON.parse(production(Row)({ ...row, id: 'one' })).id).toBe('one');
  });
});
