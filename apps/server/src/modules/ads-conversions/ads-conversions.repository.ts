import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AD_PLATFORM } from '@openseat/shared/constants';
import type { AdsEventAttempt, AdsEventState } from '@openseat/shared/schemas/ads-conversions';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inSchool, type Scope } from '../../lib/scope';
import { rowsOf } from '../../lib/sql';

/** A move into a reported stage, as MoveSession.flush hands it over. */
export type ReportedMove = { id_application: number; id_status: number };

/**
 * One event per move of an application that came from an ad (its platform is set) of a school that switched
 * conversion events on; nothing at all for any other. A stage reported before is not reported again. Answers the
 * new events' ids, for their jobs.
 */
export async function insertConversions(tx: Executor, moves: readonly ReportedMove[]): Promise<number[]> {
  const moved = sql.join(
    moves.map((m) => sql`(${m.id_application}::int, ${m.id_status}::int)`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      WITH moved(id_application, id_status) AS (VALUES ${moved})
      INSERT INTO ads_conversion_event
        (id_school, id_application, id_ads_conversion_event_type, campaign_id, ad_id, id_status, next_attempt_at)
      SELECT a.id_school, a.id_application, a.platform, a.campaign_id, a.ad_id, m.id_status, now()
      FROM moved m
      JOIN application a ON a.id_application = m.id_application
      JOIN school_configuration c ON c.id_school = a.id_school
      WHERE c.ads_conversions_enabled AND a.deleted_at IS NULL
        AND a.platform IN (${AD_PLATFORM.FB_PIXEL}, ${AD_PLATFORM.GOOGLE_ADS})
      ON CONFLICT (id_application, id_ads_conversion_event_type, id_status) DO NOTHING
      RETURNING id_ads_conversion_event AS id
    `),
  );
  return rows.map((r) => r.id);
}

export type ClaimedEvent = {
  id_ads_conversion_event: number;
  id_school: number;
  id_application: number;
  platform: number;
  id_status: number;
  campaign_id: string | null;
  ad_id: string | null;
  attempts: number;
  createdAt: Date;
};

/**
 * Takes the event for one attempt: a pending one, or one whose sender stopped (its claim ran out). Nothing when it
 * was sent, given up, or another run holds it: a job run again never sends an event that went out.
 */
export async function claimEvent(db: Executor, id: number, claimSeconds: number): Promise<ClaimedEvent | undefined> {
  const [row] = rowsOf<ClaimedEvent & { created_at: Date | string }>(
    await db.execute(sql`
      UPDATE ads_conversion_event
      SET status = 'sending', attempts = attempts + 1, next_attempt_at = NULL,
          claimed_until = now() + make_interval(secs => ${claimSeconds})
      WHERE id_ads_conversion_event = ${id}
        AND (status = 'pending' OR (status = 'sending' AND claimed_until < now()))
      RETURNING id_ads_conversion_event, id_school, id_application, id_ads_conversion_event_type AS platform,
                id_status, campaign_id, ad_id, attempts, created_at
    `),
  );
  return row && { ...row, createdAt: new Date(row.created_at) };
}

/** The event's status (undefined when it is gone, with its application). */
export async function statusOf(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ status: s.adsConversionEvent.status })
    .from(s.adsConversionEvent)
    .where(eq(s.adsConversionEvent.id_ads_conversion_event, id));
  return row?.status;
}

/** What an attempt needs of the school's configuration (the secrets still sealed). */
export async function sendingSettings(db: Executor, id_school: number) {
  const [row] = await db
    .select({
      enabled: s.schoolConfiguration.ads_conversions_enabled,
      sendHashedContact: s.schoolConfiguration.ads_send_hashed_contact,
      pixelId: s.schoolConfiguration.fp_account_id,
      sealedAccessToken: s.schoolConfiguration.fp_access_token_encrypted,
      customerId: s.schoolConfiguration.ga_customer_id,
      appliedActionId: s.schoolConfiguration.ga_conversion_applied_id,
      enrolledActionId: s.schoolConfiguration.ga_conversion_enrolled_id,
    })
    .from(s.schoolConfiguration)
    .where(eq(s.schoolConfiguration.id_school, id_school));
  return row;
}

/** Whether the application is still there (not deleted since the move). */
export async function isLive(db: Executor, id_school: number, id_application: number): Promise<boolean> {
  const [row] = await db
    .select({ id: s.application.id_application })
    .from(s.application)
    .where(
      and(
        eq(s.application.id_school, id_school),
        eq(s.application.id_application, id_application),
        isNull(s.application.deletedAt),
      ),
    );
  return row !== undefined;
}

/** The guardian's e-mail and phone: read only for a school that consented to sending them hashed. */
export async function guardianContact(db: Executor, id_school: number, id_application: number) {
  const [row] = await db
    .select({ email: s.applicant.guardianEmail, phone: s.applicant.guardianPhoneNumber })
    .from(s.application)
    .innerJoin(
      s.applicant,
      and(eq(s.applicant.id_school, s.application.id_school), eq(s.applicant.id_applicant, s.application.id_applicant)),
    )
    .where(and(eq(s.application.id_school, id_school), eq(s.application.id_application, id_application)));
  return row ?? null;
}

export type Outcome = {
  status: Exclude<AdsEventState, 'sending'>;
  error: string | null;
  attempt: AdsEventAttempt;
  summary?: Record<string, unknown>;
  nextAttemptAt?: Date | null;
};

/** Records an attempt's outcome and appends it to the event's log; the claim ends. */
export async function recordOutcome(db: Executor, id: number, outcome: Outcome): Promise<void> {
  await db.execute(sql`
    UPDATE ads_conversion_event
    SET status = ${outcome.status},
        error = ${outcome.error},
        sent_at = CASE WHEN ${outcome.status} = 'sent' THEN now() ELSE sent_at END,
        next_attempt_at = ${outcome.nextAttemptAt ?? null},
        claimed_until = NULL,
        request_summary = coalesce(${outcome.summary ? JSON.stringify(outcome.summary) : null}::jsonb, request_summary),
        attempt_log = attempt_log || jsonb_build_array(${JSON.stringify(outcome.attempt)}::jsonb)
    WHERE id_ads_conversion_event = ${id}
  `);
}

// ---- settings and the log, for the school's configuration tab ----

export async function findSettings(db: Executor, scope: Scope, id_school: number) {
  const [row] = await db
    .select({
      id_school: s.schoolConfiguration.id_school,
      ads_conversions_enabled: s.schoolConfiguration.ads_conversions_enabled,
      ads_consent_basis: s.schoolConfiguration.ads_consent_basis,
      ads_consent_note: s.schoolConfiguration.ads_consent_note,
      ads_consent_recorded_at: s.schoolConfiguration.ads_consent_recorded_at,
      ads_consent_recorded_by: s.user.name,
      ads_send_hashed_contact: s.schoolConfiguration.ads_send_hashed_contact,
      fp_account_id: s.schoolConfiguration.fp_account_id,
      hasFpAccessToken: sql<boolean>`${s.schoolConfiguration.fp_access_token_encrypted} IS NOT NULL`,
      ga_customer_id: s.schoolConfiguration.ga_customer_id,
      ga_conversion_applied_id: s.schoolConfiguration.ga_conversion_applied_id,
      ga_conversion_enrolled_id: s.schoolConfiguration.ga_conversion_enrolled_id,
    })
    .from(s.schoolConfiguration)
    .leftJoin(s.user, eq(s.user.id_user, s.schoolConfiguration.ads_consent_recorded_by))
    .where(and(eq(s.schoolConfiguration.id_school, id_school), inSchool(scope, s.schoolConfiguration.id_school)));
  return row;
}
export type SettingsRecord = NonNullable<Awaited<ReturnType<typeof findSettings>>>;

export async function updateSettings(
  tx: Executor,
  scope: Scope,
  id_school: number,
  values: Partial<typeof s.schoolConfiguration.$inferInsert>,
) {
  await tx
    .update(s.schoolConfiguration)
    .set(values)
    .where(and(eq(s.schoolConfiguration.id_school, id_school), inSchool(scope, s.schoolConfiguration.id_school)));
}

/** The school's most recent events, newest first. */
export async function recentEvents(db: Executor, scope: Scope, id_school: number, limit: number) {
  return db
    .select({
      id_ads_conversion_event: s.adsConversionEvent.id_ads_conversion_event,
      platform: s.adsConversionEventType.name,
      id_application: s.adsConversionEvent.id_application,
      id_status: s.adsConversionEvent.id_status,
      campaign_id: s.adsConversionEvent.campaign_id,
      ad_id: s.adsConversionEvent.ad_id,
      status: s.adsConversionEvent.status,
      attempts: s.adsConversionEvent.attempts,
      error: s.adsConversionEvent.error,
      createdAt: s.adsConversionEvent.createdAt,
      sentAt: s.adsConversionEvent.sentAt,
      nextAttemptAt: s.adsConversionEvent.next_attempt_at,
      attemptLog: s.adsConversionEvent.attempt_log,
    })
    .from(s.adsConversionEvent)
    .innerJoin(
      s.adsConversionEventType,
      eq(s.adsConversionEventType.id, s.adsConversionEvent.id_ads_conversion_event_type),
    )
    .where(and(eq(s.adsConversionEvent.id_school, id_school), inSchool(scope, s.adsConversionEvent.id_school)))
    .orderBy(desc(s.adsConversionEvent.id_ads_conversion_event))
    .limit(limit);
}
export type EventRecord = Awaited<ReturnType<typeof recentEvents>>[number];
