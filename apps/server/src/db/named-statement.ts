import { PGlite, parse, protocol, type QueryOptions } from '@electric-sql/pglite';

/*
 * A named prepared statement on PGlite. On a PostgreSQL server, node-postgres sends a named query's Parse once per
 * connection and then only Bind/Execute, so the server keeps the statement (and, once it settles, its plan). PGlite's
 * `query` parses and plans every call afresh (an unnamed statement), which for the family status page's one statement
 * was half its cost. Here the statement is parsed once per PGlite instance under its name and each call binds to it,
 * through PGlite's own protocol messages, under the same lock its queries take.
 */

type Prepared = { paramTypes: number[] };
/** The statements each PGlite instance holds, by name (a name is parsed once per instance). */
const preparedOn = new WeakMap<PGlite, Map<string, Prepared>>();

async function prepare(pg: PGlite, name: string, text: string): Promise<Prepared> {
  const held = preparedOn.get(pg) ?? new Map<string, Prepared>();
  preparedOn.set(pg, held);
  const known = held.get(name);
  if (known) return known;
  const described = [];
  try {
    await pg.execProtocol(protocol.serialize.parse({ name, text, types: [] }));
    described.push(...(await pg.execProtocol(protocol.serialize.describe({ type: 'S', name }))).messages);
  } finally {
    await pg.execProtocol(protocol.serialize.sync());
  }
  const prepared = { paramTypes: parse.parseDescribeStatementResults(described) };
  held.set(name, prepared);
  return prepared;
}

/** What drizzle's PGlite prepared query calls: `query(text, params, options)`. */
type QueryClient = { query: (text: string, params: unknown[], options: QueryOptions) => Promise<unknown> };

/**
 * Runs a drizzle prepared query (`.prepare(name)`) on PGlite as a named statement; on a PostgreSQL server (whose
 * driver already does) it is left as it is. Answers the same prepared query.
 */
export function namedOnPglite<T extends object>(prepared: T, name: string): T {
  const query = prepared as T & { client?: unknown };
  const pg = query.client;
  if (!(pg instanceof PGlite)) return prepared;
  const client: QueryClient = {
    query: (text, params, options) =>
      pg.runExclusive(async () => {
        const { paramTypes } = await prepare(pg, name, text);
        const values = params.map((value, i) =>
          value === null || value === undefined ? null : (pg.serializers[paramTypes[i]] ?? String)(value),
        );
        const messages = [];
        try {
          messages.push(...(await pg.execProtocol(protocol.serialize.bind({ statement: name, values }))).messages);
          messages.push(...(await pg.execProtocol(protocol.serialize.describe({ type: 'P' }))).messages);
          messages.push(...(await pg.execProtocol(protocol.serialize.execute({}))).messages);
        } finally {
          messages.push(...(await pg.execProtocol(protocol.serialize.sync())).messages);
        }
        return parse.parseResults(messages, pg.parsers, options)[0];
      }),
  };
  query.client = client;
  return prepared;
}
