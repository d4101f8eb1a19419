import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { MessageKey } from '@openseat/shared/messages';
import { forbidden } from './errors';

/**
 * Field-level permissions (ASVS 8.2.3). A route's permission lets a caller write a record; some fields of it
 * need more: for each such field, whether this caller may change it.
 */
export type FieldRules = Record<string, boolean>;

/** The subscription (paid-until date, charter-connect) is the product's business, not the school's. */
export const isSystemUser = (caller: { id_context_type: number }) => caller.id_context_type === CONTEXT_TYPE.SYSTEM;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Refuses (403) a write that would change a field the caller may not change. A field left out, or sent with
 * its stored value (a form that posts every field it shows), is not a change.
 */
export function assertMayChangeFields(
  before: Record<string, unknown>,
  change: Record<string, unknown>,
  rules: FieldRules,
  denied: MessageKey,
) {
  for (const [field, allowed] of Object.entries(rules)) {
    if (allowed || change[field] === undefined) continue;
    if (!sameValue(change[field], before[field])) throw forbidden(denied);
  }
}
