import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * The schools a request may reach in the database, for row-level security on a PostgreSQL server (docs/privacy.md):
 * the setting `openseat.schools` of the session a query runs in is set from here when the pool hands the session
 * out. `*` is every school (system users, and the work a signature or token entitles); empty is none, so a query
 * run outside any request reads nothing from a tenant table.
 */

type DatabaseScope = { schools: string };

const storage = new AsyncLocalStorage<DatabaseScope>();

export const EVERY_SCHOOL = '*';
/**
 * Work that reads no school's rows (the sign-in check: users, sessions, roles): it runs in whatever scope its session
 * last had (none on a new session), so a request's session is not switched to every school and back for it.
 */
export const READS_NO_SCHOOL = '-';

/** Runs `work` with its own scope, every school to start with (a request narrows it once its caller is known). */
export function withDatabaseScope<T>(work: () => T, schools: string = EVERY_SCHOOL): T {
  return storage.run({ schools }, work);
}

/**
 * Narrows the running request's scope: to its caller's school once signed in (`null`: every school, a system user's),
 * or, on a public route, to the schools its token, slug or signature proved (none proved: none). Takes effect from
 * the next query or transaction the request starts.
 */
export function scopeDatabaseTo(schools: number | readonly number[] | null): void {
  const scope = storage.getStore();
  if (scope) scope.schools = schools === null ? EVERY_SCHOOL : schoolList(schools);
}

const schoolList = (schools: number | readonly number[]) =>
  typeof schools === 'number' ? String(schools) : [...new Set(schools)].sort((a, b) => a - b).join(',');

/** The value of `openseat.schools` for a query started now: '' outside any request. */
export const schoolsInScope = (): string => storage.getStore()?.schools ?? '';
