import { SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { Db, Executor } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import { presentCapturedSms, presentMail, presentMailSummary } from './mail.presenter';
import * as repo from './mail.repository';
import type { CapturedSmsInput } from './mail.types';

/**
 * Who reads captured messages: the signed-in caller's role and scope (a Principal; named here by what it is read for,
 * so that the mail module, which auth sends its mails through, does not depend on auth).
 */
type Reader = { roleName: string; scope: Scope };

/**
 * Captured mail holds reset links of every user, the SuperAdmin's included, and captured SMS the families'
 * messages: reading either is for SuperAdmin only, and never in production, where messages leave through SMTP
 * and Twilio.
 */
function assertMayRead(caller: Reader, env: string) {
  if (env === 'production' || caller.roleName !== SUPER_ADMIN_ROLE) throw forbidden();
}

export async function listCapturedMail(db: Db, env: string, caller: Reader, page: number, pageSize: number) {
  assertMayRead(caller, env);
  const { rows, total } = await repo.listCapturedMail(db, caller.scope, page, pageSize);
  return { data: rows.map(presentMailSummary), total, page, pageSize };
}

export async function getCapturedMail(db: Db, env: string, caller: Reader, id: number) {
  assertMayRead(caller, env);
  const mail = await repo.findCapturedMail(db, caller.scope, id);
  if (!mail) throw notFound();
  return presentMail(mail);
}

export async function listCapturedSms(db: Db, env: string, caller: Reader, page: number, pageSize: number) {
  assertMayRead(caller, env);
  const { rows, total } = await repo.listCapturedSms(db, caller.scope, page, pageSize);
  return { data: rows.map(presentCapturedSms), total, page, pageSize };
}

export async function getCapturedSms(db: Db, env: string, caller: Reader, id: number) {
  assertMayRead(caller, env);
  const sms = await repo.findCapturedSms(db, caller.scope, id);
  if (!sms) throw notFound();
  return presentCapturedSms(sms);
}

/** Keeps an SMS that no Twilio account sends (the capture transport); answers its id. */
export const captureSms = (db: Executor, sms: CapturedSmsInput) => repo.insertCapturedSms(db, sms);
