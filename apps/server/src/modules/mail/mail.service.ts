import { SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.principal';
import { presentMail, presentMailSummary } from './mail.presenter';
import * as repo from './mail.repository';

/**
 * Captured mail holds reset links of every user, the SuperAdmin's included: reading it is for SuperAdmin only,
 * and never in production, where mail leaves through SMTP.
 */
function assertMayRead(caller: Principal, env: string) {
  if (env === 'production' || caller.roleName !== SUPER_ADMIN_ROLE) throw forbidden();
}

export async function listCapturedMail(db: Db, env: string, caller: Principal, page: number, pageSize: number) {
  assertMayRead(caller, env);
  const { rows, total } = await repo.listCapturedMail(db, caller.scope, page, pageSize);
  return { data: rows.map(presentMailSummary), total, page, pageSize };
}

export async function getCapturedMail(db: Db, env: string, caller: Principal, id: number) {
  assertMayRead(caller, env);
  const mail = await repo.findCapturedMail(db, caller.scope, id);
  if (!mail) throw notFound();
  return presentMail(mail);
}
