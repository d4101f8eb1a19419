/** An ILIKE pattern for "contains", with the user's %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
