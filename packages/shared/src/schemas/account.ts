import { z } from 'zod';
import { LANGUAGES, THEMES } from '../constants';
import { optionalId, optionalPhone, requiredText } from './rules';

export const UpdateProfileRequestSchema = z.object({ name: requiredText(120), telephone: optionalPhone });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const ThemeRequestSchema = z.object({ theme: z.enum(THEMES, { error: 'invalidValue' }) });

/** Each field optional: only what is sent changes; at least one must be sent. */
export const UserConfigurationRequestSchema = z
  .object({
    id_main_campus: optionalId.optional(),
    id_main_school_year: optionalId.optional(),
    lng: z.enum(LANGUAGES, { error: 'invalidValue' }).optional(),
    theme: z.enum(THEMES, { error: 'invalidValue' }).optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), { error: 'nothingToChange' });
export type UserConfigurationRequest = z.infer<typeof UserConfigurationRequestSchema>;

// ---- responses (declared on the routes: the server serializes through them, so nothing else leaves) ----

/** The signed-in user's own profile. */
export const AccountProfileSchema = z.object({
  id_user: z.number().int(),
  name: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  role: z.object({ id_role: z.number().int(), name: z.string() }),
});
export type AccountProfile = z.infer<typeof AccountProfileSchema>;

export const UpdateProfileResponseSchema = z.object({ message: z.string(), data: AccountProfileSchema });

export const PasswordChangedResponseSchema = z.object({ message: z.string() });

/** The signed-in user's preferences. */
export const UserConfigurationSchema = z.object({
  id_user_configuration: z.number().int(),
  id_user: z.number().int(),
  id_main_campus: z.number().int().nullable(),
  id_main_school_year: z.number().int().nullable(),
  lng: z.string(),
  theme: z.string(),
});
export type UserConfiguration = z.infer<typeof UserConfigurationSchema>;
