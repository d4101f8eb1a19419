import { z } from 'zod';
import { pageSize, searchText } from './pagination';
import { booleanFlag, email, id, optionalId, optionalPhone, pageNumber, password, requiredText } from './rules';

export const USER_TABS = ['system', 'school', 'campus', 'maintenance'] as const;
export type UserTab = (typeof USER_TABS)[number];

export const UserListQuerySchema = z.object({
  tab: z.enum(USER_TABS, { error: 'invalidValue' }).optional(),
  page: pageNumber.default(0),
  pageSize: pageSize.default(25),
  text: searchText.optional(),
  /** Narrow to one school or campus (still within the caller's scope): the users tabs of school and campus screens. */
  id_school: id.optional(),
  id_campus: id.optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** Multipart sends arrays as `schoolIds[]` strings: both forms are accepted. */
const idList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(id),
);

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

const schoolRef = z.object({ id_school: z.number().int(), name: z.string() });

/** A user as it leaves the server: fields not named here are stripped on the way out. */
export const UserRowSchema = z.object({
  id_user: z.number().int(),
  name: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  isActive: z.boolean(),
  /** `/api/user/{id}/photo`, or null: the stored file name never leaves the server. */
  photo: z.string().nullable(),
  id_context_type: z.number().int(),
  roles: z.object({ id_role: z.number().int(), name: z.string() }),
  id_school: z.number().int().nullable(),
  school: schoolRef.nullable(),
  id_campus: z.number().int().nullable(),
  campus: z.object({ id_campus: z.number().int(), name: z.string() }).nullable(),
  isAllCampuses: z.boolean(),
  /** The schools a maintainer serves, limited to those the caller may see. */
  schools: z.array(schoolRef),
});
export type UserRow = z.infer<typeof UserRowSchema>;
