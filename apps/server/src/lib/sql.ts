/** An ILIKE pattern for "contains", with the user's %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** The rows of `db.execute(sql...)`, whichever driver answered (PGlite and node-postgres shape them alike). */
export const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
