import { z } from 'zod';
import { booleanFlag, email, id, optionalId, optionalPhone, password, requiredText } from './rules';

export const USER_TABS = ['system', 'school', 'campus', 'maintenance'] as const;
export type UserTab = (typeof USER_TABS)[number];

export const UserListQuerySchema = z.object({
  tab: z.enum(USER_TABS, { error: 'invalidValue' }).optional(),
  page: z.coerce.number({ error: 'mustBeNumber' }).int({ error: 'mustBeInteger' }).min(0).default(0),
  pageSize: z.coerce.number({ error: 'mustBeNumber' }).int({ error: 'mustBeInteger' }).min(1).max(200).default(25),
  text: z.string().trim().max(200).optional(),
  /** Narrow to one school or campus (still within the caller's scope): the users tabs of school and campus screens. */
  id_school: z.coerce.number().int().positive().optional(),
  id_campus: z.coerce.number().int().positive().optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** Multipart sends arrays as `schoolIds[]` strings: both forms are accepted. */
const idList = z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(id));

const userFields = {
  name: requiredText(120),
  email,
  telephone: optionalPhone,
  id_role: id,
  id_school: optionalId,
  id_campus: optionalId,
  isAllCampuses: booleanFlag.default(false),
  schoolIds: idList.default([]),
};

export const CreateUserRequestSchema = z.object({ ...userFields, password });
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

export const UpdateUserRequestSchema = z.object({ ...userFields, id_user: id, isActive: booleanFlag.default(true) });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

export type UserRow = {
  id_user: number;
  name: string;
  email: string;
  telephone: string | null;
  isActive: boolean;
  photo: string | null;
  id_context_type: number;
  roles: { id_role: number; name: string };
  id_school: number | null;
  school: { id_school: number; name: string } | null;
  id_campus: number | null;
  campus: { id_campus: number; name: string } | null;
  isAllCampuses: boolean;
  schools: Array<{ id_school: number; name: string }>;
};
