import type { Action, Subject } from '@openseat/shared/permissions';
import type { MessageKey } from '@openseat/shared/messages';
import type { RecordAccessKind } from '@openseat/shared/schemas/record-access';
import type { Principal } from '../modules/auth/auth.types';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { JobRunner } from '../jobs/runner';
import type { Mailer } from '../modules/mail/mail.types';
import type { Secrets } from '../lib/secrets';

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
    /**
     * A read of children's records: each record it answers is written to `record_access` as this kind ("who saw this
     * child", docs/privacy.md). The route-wide test checks each such route writes one row per record.
     */
    recordRead?: RecordAccessKind;
  }
  interface FastifyRequest {
    principal: Principal | null;
    lng: 'en' | 'es';
  }
}

/** What every route module is built with. */
export type AppDeps = {
  database: Database;
  db: Db;
  config: Config;
  secrets: Secrets;
  mailer: Mailer;
  /** Background work on pg-boss: enqueue inside a transaction; buildApp starts and stops the workers. */
  jobs: JobRunner;
  /** Per IP, on sign-in, refresh and recovery. */
  loginRateLimitPerMinute: number;
  /**
   * The time the lottery's freeze and draw go by (default: the system clock). Tests set it to meet a real drand round
   * of the past, which a freeze in the present could never commit to.
   */
  clock?: () => Date;
};
