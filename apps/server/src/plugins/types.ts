import type { Action, Subject } from '@openseat/shared/permissions';
import type { MessageKey } from '@openseat/shared/messages';
import type { Principal } from '../modules/auth/auth.principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to anonymous callers (sign-in, recovery, health). */
    public?: boolean;
    /** The subject/action the caller's ability must allow. Every non-public route declares it or `signedIn`. */
    permission?: readonly [Subject, Action];
    /** The spec's "You don't have permissions to ..." message for this route, when refused. */
    denied?: MessageKey;
    /** Any signed-in caller may call it (own profile, own settings). */
    signedIn?: boolean;
    /** Also open to a school maintainer who has not chosen a school yet. */
    beforeSchoolChoice?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    lng: 'en' | 'es';
  }
}
