/** The largest id the database holds (32-bit integer columns). */
const ID_MAX = 2_147_483_647;

/** A route parameter as an id, or null when it cannot name a record (the screen then shows "not found"). */
export function routeId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= ID_MAX ? id : null;
}

/** The server answers an unknown or out-of-scope id with 404 (a malformed one with 400). */
export const isNotFound = (error: unknown) => {
  const status = (error as { status?: number } | null)?.status;
  return status === 404 || status === 400;
};
