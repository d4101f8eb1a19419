import { z } from 'zod';
import { booleanFlag, id, optionalText, requiredSelect, requiredText } from './rules';

/** Role: name, type and status are required (spec section 5). */
export const RoleRequestSchema = z.object({
  name: requiredText(80),
  id_context_type: requiredSelect,
  type: requiredText(40),
  description: optionalText(500),
  isActive: z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v), booleanFlag),
});
export type RoleRequest = z.infer<typeof RoleRequestSchema>;

export const PermissionUpsertSchema = z.object({
  id_permission: id.optional(),
  id_role: id,
  id_subject: id,
  id_action: id,
  isActive: booleanFlag,
});
export type PermissionUpsert = z.infer<typeof PermissionUpsertSchema>;
