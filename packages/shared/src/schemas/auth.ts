import { z } from 'zod';
import { confirmPassword, email, id, newPassword, password } from './rules';

export const LoginRequestSchema = z.object({
  email,
  password: z
    .string({ error: 'passwordRequired' })
    .min(1, { error: 'passwordRequired' })
    .max(128, { error: 'passwordMax' }),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginWithSchoolRequestSchema = z.object({ id_user: id, id_school: id });
export type LoginWithSchoolRequest = z.infer<typeof LoginWithSchoolRequestSchema>;

/**
 * The spec's refresh body. The refresh token itself travels only in the HttpOnly cookie (a `refreshToken`
 * field is ignored); `id_user`, when sent, must be the cookie's user.
 */
export const RefreshRequestSchema = z.object({
  grant_type: z.literal('refresh_token', { error: 'invalidValue' }),
  id_user: id.optional(),
});
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

/** Sign-out ends the cookie's sign-in; `everywhere` ends every sign-in of the user and cancels reset links. */
export const LogoutRequestSchema = z.object({ everywhere: z.boolean({ error: 'invalidValue' }).optional() });
export type LogoutRequest = z.infer<typeof LogoutRequestSchema>;

export const RecoveryRequestSchema = z.object({ email });
export type RecoveryRequest = z.infer<typeof RecoveryRequestSchema>;

export const ResetPasswordRequestSchema = z
  .object({
    token: z
      .string({ error: 'resetLinkInvalid' })
      .min(20, { error: 'resetLinkInvalid' })
      .max(200, { error: 'resetLinkInvalid' }),
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

export const PermissionRuleSchema = z.object({ action: z.string(), subject: z.string() });
export type PermissionRule = z.infer<typeof PermissionRuleSchema>;

/** Sign-in, school choice and refresh answer this; the refresh token is set as an HttpOnly cookie, never sent here. */
export const LoginResponseSchema = z
  .object({
    accessToken: z.string(),
    dataToken: z.string(),
    user: SessionUserSchema,
    permissions: z.array(PermissionRuleSchema),
  })
  .describe("A session: a short-lived access token, the profile token and the caller's permission rules");
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** `POST /auth/validate-token`: who the caller is and what it may do. */
export const SessionDescriptionSchema = z
  .object({ user: SessionUserSchema, permissions: z.array(PermissionRuleSchema) })
  .describe('The signed-in user and its permission rules');

/** `GET /auth/permissions`: the rules of a role, by name. */
export const PermissionRulesSchema = z.array(PermissionRuleSchema).describe('The permission rules of the role');
