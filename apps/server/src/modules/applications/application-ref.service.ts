import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import { findApplicationRef } from './application-ref.repository';

/** The application, when the scope may see it; 404 otherwise. */
export async function requireApplication(db: Executor, scope: Scope, id_application: number, lock = false) {
  const application = await findApplicationRef(db, scope, id_application, lock);
  if (!application) throw notFound();
  return application;
}
