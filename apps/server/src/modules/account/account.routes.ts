import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import { ChangePasswordRequestSchema } from '@openseat/shared/schemas/auth';
import {
  AccountProfileSchema,
  PasswordChangedResponseSchema,
  ThemeRequestSchema,
  UpdateProfileRequestSchema,
  UpdateProfileResponseSchema,
  UserConfigurationRequestSchema,
  UserConfigurationSchema,
} from '@openseat/shared/schemas/account';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as account from './account.service';

/** The signed-in user's own profile, password and preferences. */
export async function accountRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  app.get(
    '/user/me',
    { config: { signedIn: true }, schema: { tags, response: { 200: AccountProfileSchema } } },
    (req) => account.getProfile(deps.db, principalOf(req)),
  );

  app.put(
    '/user/me',
    {
      config: { signedIn: true },
      schema: { tags, body: UpdateProfileRequestSchema, response: { 200: UpdateProfileResponseSchema } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await account.updateProfile(deps.db, principalOf(req), req.body),
    }),
  );

  app.put(
    '/user/password',
    {
      config: { signedIn: true },
      schema: { tags, body: ChangePasswordRequestSchema, response: { 200: PasswordChangedResponseSchema } },
    },
    async (req) => {
      await account.changePassword(deps.db, principalOf(req), req.body);
      return { message: translate('passwordChanged', req.lng) };
    },
  );

  app.post(
    '/user/theme',
    {
      config: { signedIn: true },
      schema: { tags, body: ThemeRequestSchema, response: { 200: UserConfigurationSchema } },
    },
    (req) => account.updateConfiguration(deps.db, principalOf(req), { theme: req.body.theme }),
  );

  app.put(
    '/user/configuration',
    {
      config: { signedIn: true, beforeSchoolChoice: true },
      schema: { tags, body: UserConfigurationRequestSchema, response: { 200: UserConfigurationSchema } },
    },
    (req) => account.updateConfiguration(deps.db, principalOf(req), req.body),
  );
}
