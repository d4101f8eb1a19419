import { z } from 'zod';

/**
 * Response envelopes. Response schemas are plain objects (no transforms): the server serializes through them,
 * so a field a presenter did not declare is stripped instead of leaking, and the OpenAPI document shows them.
 */

/** A write's answer: the notice to show and the record as it is now. */
export const savedOf = <T extends z.ZodType>(data: T) =>
  z.object({ message: z.string(), data }).describe('The notice to show, and the record as stored');

/** A write that returns no record (delete). */
export const MessageResponseSchema = z.object({ message: z.string() }).describe('The notice to show');

/**
 * Whether `total` is the exact count; false: more than `total` rows match (a long list counts up to
 * LIST_TOTAL_BOUND unless asked with `exactTotal=true`).
 */
export const totalExactField = z
  .boolean()
  .describe('false: more than `total` rows match (counted up to a bound; ask with exactTotal=true for the count)');

/** One page of a list; the long lists (counted up to a bound) also say whether `total` is exact. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z
    .object({
      data: z.array(row),
      total: z.number().int(),
      totalExact: totalExactField.optional(),
      page: z.number().int(),
      pageSize: z.number().int(),
    })
    .describe('One page of the list and the total');

/** A whole list. */
export const listOf = <T extends z.ZodType>(row: T, description: string) => z.array(row).describe(description);

/** A file's bytes, streamed: documented as binary, never serialized through a schema. */
const binary = () => z.unknown().meta({ type: 'string', format: 'binary' });

/** A CSV download (streamed). */
export const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: binary() } },
});

/** An image download. */
export const imageResponse = {
  description: 'The image',
  content: {
    'image/png': { schema: binary() },
    'image/jpeg': { schema: binary() },
    'image/webp': { schema: binary() },
  },
};

/** An answer with no body (204). */
export const noContent = (description: string) => z.null().describe(description);

/** A student-information-system file: a CSV, or a ZIP bundle of CSV files (OneRoster). */
export const csvOrZipResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: binary() }, 'application/zip': { schema: binary() } },
});
