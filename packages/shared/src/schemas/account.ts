import { z } from 'zod';
import { LANGUAGES, THEMES } from '../constants';
import { optionalId, optionalPhone, requiredText } from './rules';

export const UpdateProfileRequestSchema = z.object({ name: requiredText(120), telephone: optionalPhone });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const ThemeRequestSchema = z.object({ theme: z.enum(THEMES, { error: 'invalidValue' }) });

/** Each field optional: only what is sent changes. */
export const UserConfigurationRequestSchema = z.object({
  id_main_campus: optionalId.optional(),
  id_main_school_year: optionalId.optional(),
  lng: z.enum(LANGUAGES, { error: 'invalidValue' }).optional(),
  theme: z.enum(THEMES, { error: 'invalidValue' }).optional(),
});
export type UserConfigurationRequest = z.infer<typeof UserConfigurationRequestSchema>;
