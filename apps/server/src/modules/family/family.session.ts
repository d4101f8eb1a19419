import type { FastifyRequest } from 'fastify';
import { assertSameSite, readSessionCookie, sessionCookie } from '../../lib/session-cookie';
import type { AppDeps } from '../../plugins/types';
import * as familyAuth from './family.auth';

/** The portal's calls are the only ones that ever see its cookie. */
const FAMILY_COOKIE_PATH = '/api/family';

/**
 * What every portal route reads of its request: the portal's own cookie (read per request: the public address may be
 * settled after the app is built, in tests), the guardian its session is (401 without one), and the same-site check
 * of a call that changes something.
 */
export function familyRequest(deps: Pick<AppDeps, 'db' | 'config'>) {
  const cookie = () => sessionCookie(deps.config.publicUrl, 'openseat_family', FAMILY_COOKIE_PATH);
  return {
    cookie,
    guardian: (req: FastifyRequest) => familyAuth.guardianOf(deps.db, readSessionCookie(req, cookie())),
    /** The guardian and their applications (`id`: that one) in one read. */
    applications: (req: FastifyRequest, id?: number) =>
      familyAuth.guardianWithApplications(deps.db, readSessionCookie(req, cookie()), id),
    sameSiteOnly: async (req: FastifyRequest) => assertSameSite(req, deps.config.publicUrl),
  };
}
