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

// ---- responses: what leaves the server (fields not named here are stripped) ----

export const RoleRowSchema = z.object({
  id_role: z.number().int(),
  id_context_type: z.number().int(),
  context_type_name: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
});
export type RoleRow = z.infer<typeof RoleRowSchema>;

/** A screen (subject) with the actions its permissions tab offers. */
export const SubjectWithActionsSchema = z.object({
  id_subject: z.number().int(),
  name: z.string(),
  actions: z.array(z.object({ id_action: z.number().int(), name: z.string() })),
});
export type SubjectWithActions = z.infer<typeof SubjectWithActionsSchema>;

export const PermissionRowSchema = z.object({
  id_permission: z.number().int(),
  id_role: z.number().int(),
  id_subject: z.number().int(),
  id_action: z.number().int(),
  isActive: z.boolean(),
  /** The subject and action names of the two ids. */
  subject: z.string(),
  action: z.string(),
});
export type PermissionRow = z.infer<typeof PermissionRowSchema>;
