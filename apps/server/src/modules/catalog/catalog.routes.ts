import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_PATHS,
  CATALOG_ROW_SCHEMAS,
  CampusChoiceSchema,
  SchoolChoiceSchema,
} from '@openseat/shared/schemas/catalog';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as catalog from './catalog.service';

const tags = ['catalog'];

/** The read-only catalogs of spec section 7, with the spec's id names. */
export async function catalogRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  for (const path of CATALOG_PATHS) {
    app.get(
      `/catalog/${path}`,
      {
        config: { signedIn: true },
        schema: { tags, response: { 200: z.array(CATALOG_ROW_SCHEMAS[path]).describe(`The ${path} catalog`) } },
      },
      () => catalog.listCatalog(deps.db, path),
    );
  }
}

/** Scoped look-ups for pickers: the schools and campuses the caller may see. */
export async function scopedLookupRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/catalog/schools',
    {
      config: { signedIn: true },
      schema: { tags, response: { 200: z.array(SchoolChoiceSchema).describe('The schools in scope') } },
    },
    (req) => catalog.listSchoolChoices(deps.db, principalOf(req)),
  );
  app.get(
    '/catalog/campuses',
    {
      config: { signedIn: true },
      schema: { tags, response: { 200: z.array(CampusChoiceSchema).describe('The campuses in scope') } },
    },
    (req) => catalog.listCampusChoices(deps.db, principalOf(req)),
  );
}
