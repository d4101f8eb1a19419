import type { CatalogPath } from '@openseat/shared/schemas/catalog';
import type { Db } from '../../db/client';
import type { Principal } from '../auth/auth.types';
import { presentCampusChoice, presentCatalog, presentSchoolChoice } from './catalog.presenter';
import * as repo from './catalog.repository';

export const listCatalog = async (db: Db, path: CatalogPath) => presentCatalog(path, await repo.listCatalog(db, path));

/** Pickers: the schools and campuses the caller may see, never more. */
export const listSchoolChoices = async (db: Db, caller: Principal) =>
  (await repo.listSchools(db, caller.scope)).map(presentSchoolChoice);

export const listCampusChoices = async (db: Db, caller: Principal) =>
  (await repo.listCampuses(db, caller.scope)).map(presentCampusChoice);
