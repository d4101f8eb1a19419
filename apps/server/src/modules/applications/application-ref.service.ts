import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import { findApplicationRef } from './application-ref.repository';
import * as intake from './intake.repository';

/** The application, when the scope may see it; 404 otherwise. */
export async function requireApplication(db: Executor, scope: Scope, id_application: number, lock = false) {
  const application = await findApplicationRef(db, scope, id_application, lock);
  if (!application) throw notFound();
  return application;
}

/**
 * The next correlative of a school's applications, the school row locked until the transaction ends (an import takes
 * this and the numbers after it for its rows).
 */
export const nextCorrelative = (db: Executor, id_school: number) => intake.nextCorrelative(db, id_school);
