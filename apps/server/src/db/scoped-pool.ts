import pg from 'pg';
import { schoolsInScope } from '../lib/database-scope';

/** The role requests run as on a server: no table of its own, no BYPASSRLS (migration 0049). */
export const APP_ROLE = 'openseat_app';

const APPLIED = Symbol('openseat.schools');
type ScopedClient = pg.PoolClient & { [APPLIED]?: string };
type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * A pool whose sessions run as APP_ROLE with `openseat.schools` set to the caller's scope: read when the session is
 * asked for (the caller's async context; pg-pool may hand the session out from another's), written with the role
 * before the session's first use and again only when the scope differs from the last one it ran with. Queries
 * (`pool.query` asks `connect` too) and transactions alike run in their caller's scope.
 */
export function scopedPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const connect = pool.connect.bind(pool) as () => Promise<ScopedClient>;
  const scopedConnect = (callback?: ConnectCallback) => {
    const schools = schoolsInScope();
    const ready = connect().then(async (client) => {
      if (client[APPLIED] === schools) return client;
      try {
        await client.query(`SELECT set_config('role', $1, false), set_config('openseat.schools', $2, false)`, [
          APP_ROLE,
          schools,
        ]);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      client[APPLIED] = schools;
      return client;
    });
    if (!callback) return ready;
    ready.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error),
    );
    return undefined;
  };
  pool.connect = scopedConnect as pg.Pool['connect'];
  return pool;
}

/** Refuses to start under row-level security when the role requests run as is missing (docs/privacy.md). */
export async function assertRequestRole(database: { executeSql: (text: string) => Promise<{ rows: unknown[] }> }) {
  const { rows } = await database.executeSql(`SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}'`);
  if (rows.length === 0)
    throw new Error(
      `DATABASE_ROW_SECURITY=on, but the role ${APP_ROLE} does not exist and the database user may not create it: create it (NOLOGIN NOBYPASSRLS) and grant it to that user, or turn row-level security off`,
    );
}
