import { z } from 'zod';
import { confirmPassword, email, id, newPassword, password } from './rules';

export const LoginRequestSchema = z.object({ email, password: z.string({ error: 'passwordRequired' }).min(1, { error: 'passwordRequired' }).max(128, { error: 'passwordMax' }) });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginWithSchoolRequestSchema = z.object({ id_user: id, id_school: id });
export type LoginWithSchoolRequest = z.infer<typeof LoginWithSchoolRequestSchema>;

export const RefreshRequestSchema = z.object({
  grant_type: z.literal('refresh_token', { error: 'invalidValue' }),
  refreshToken: z.string({ error: 'required' }).min(20, { error: 'invalidValue' }).max(200, { error: 'invalidValue' }),
  id_user: id,
});
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

export const RecoveryRequestSchema = z.object({ email });
export type RecoveryRequest = z.infer<typeof RecoveryRequestSchema>;

export const ResetPasswordRequestSchema = z
  .object({
    token: z.string({ error: 'resetLinkInvalid' }).min(20, { error: 'resetLinkInvalid' }).max(200, { error: 'resetLinkInvalid' }),
    password: newPassword,
    confirmPassword,
  })
  .refine((v) => v.password === v.confirmPassword, { error: 'passwordsMatch', path: ['confirmPassword'] });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const ChangePasswordRequestSchema = z
  .object({ currentPassword: password, newPassword, confirmPassword })
  .refine((v) => v.newPassword === v.confirmPassword, { error: 'passwordsMatch', path: ['confirmPassword'] });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** What the client learns about the signed-in user; carried in the `dataToken` and by validate-token. */
export const SessionUserSchema = z.object({
  id_user: z.number(),
  name: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  id_context_type: z.number(),
  role: z.object({ id_role: z.number(), name: z.string() }).nullable(),
  id_school: z.number().nullable(),
  id_campus: z.number().nullable(),
  isAllCampuses: z.boolean(),
  /** Set after a school maintainer or system user chose a school at login. */
  schoolSwitch: z.boolean(),
  schools: z.array(z.object({ id_school: z.number(), name: z.string() })),
  /** False when the user's school (or campus) was deactivated: the client shows the spec's notice. */
  schoolActive: z.boolean(),
  campusActive: z.boolean(),
  configuration: z.object({
    id_main_campus: z.number().nullable(),
    id_main_school_year: z.number().nullable(),
    lng: z.string(),
    theme: z.string(),
  }),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export type PermissionRule = { action: string; subject: string };

export type LoginResponse = {
  accessToken: string;
  refreshToken: string;
  dataToken: string;
  user: SessionUser;
  permissions: PermissionRule[];
};
