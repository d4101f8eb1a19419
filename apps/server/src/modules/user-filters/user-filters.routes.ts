import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  FilterCatalogSchema,
  UserFilterItemSchema,
  UserFilterListSchema,
  UserFilterQuerySchema,
} from '@openseat/shared/schemas/application-records';
import { MessageResponseSchema, savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as filters from './user-filters.service';

export async function userFiltersRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['user filters'];
  app.get('/filter', { config: { signedIn: true }, schema: { tags, response: { 200: FilterCatalogSchema } } }, () =>
    filters.filterCatalog(),
  );
  app.get(
    '/user/filter',
    {
      config: { signedIn: true },
      schema: { tags, querystring: UserFilterQuerySchema, response: { 200: UserFilterListSchema } },
    },
    (req) => filters.listFilters(deps.db, principalOf(req), req.query.listType),
  );
  for (const method of ['post', 'put'] as const)
    app[method](
      '/user/filter',
      {
        config: { signedIn: true },
        schema: { tags, body: UserFilterItemSchema, response: { 200: savedOf(UserFilterListSchema) } },
      },
      async (req) => ({
        message: translate('filterSaved', req.lng),
        data: await filters.saveItem(deps.db, principalOf(req), req.body),
      }),
    );
  app.delete(
    '/user/filter',
    {
      config: { signedIn: true },
      schema: { tags, querystring: UserFilterQuerySchema, response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await filters.resetFilters(deps.db, principalOf(req), req.query.listType);
      return { message: translate('filtersReset', req.lng) };
    },
  );
}
