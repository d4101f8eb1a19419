/*
 * Text PostgreSQL can store, with no dependency: the schemas (schemas/rules.ts) and the family portal's form rules
 * (registration-rules.ts, in a bundle without zod) check it alike.
 */

/** A lone half of a UTF-16 surrogate pair: JSON carries it, PostgreSQL's `jsonb` refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store: no NUL character and no lone surrogate. */
export const isStorableText = (v: string) => !v.includes('\u0000') && !LONE_SURROGATE.test(v);
