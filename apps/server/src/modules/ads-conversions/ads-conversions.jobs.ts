import { z } from 'zod';
import { AD_PLATFORM, STATUS } from '@openseat/shared/constants';
import type { AdsEventAttempt } from '@openseat/shared/schemas/ads-conversions';
import { defineJob, type Attempt, type JobContext } from '../../jobs/job';
import { decryptSecret } from '../../lib/crypto';
import {
  customerDigits,
  eventKey,
  googleConversion,
  identifierNames,
  metaEvent,
  type Contact,
  type ConversionFacts,
} from './ads-conversions.payloads';
import * as repo from './ads-conversions.repository';
import { sendToGoogle, sendToMeta, type Delivery } from './ads-conversions.transports';

/** A claimed event is its sender's for this long; a sender that stopped loses it to the retry after. */
const CLAIM_SECONDS = 120;
/** Meta refuses events older than 7 days. */
const META_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const RETRY_DELAY_SECONDS = 60;

export const EVENT_NAME: Record<number, string> = { [STATUS.APPLIED]: 'applied', [STATUS.ENROLLED]: 'enrolled' };

/**
 * Sends one conversion event. Enqueued in the transaction of the move that made it (the same key while one waits);
 * pg-boss retries a refusal that may pass later (429, 5xx, no answer) with a doubling delay, six tries in all. The
 * event row keeps every attempt, and a run for an event already sent or given up does nothing.
 */
export const sendConversion = defineJob({
  name: 'ads-conversions.send',
  payload: z.object({ id_ads_conversion_event: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: RETRY_DELAY_SECONDS,
  retryBackoff: true,
  expireInSeconds: CLAIM_SECONDS,
  idempotencyKey: (p) => `ads-conversion:${p.id_ads_conversion_event}`,
  async handle(payload, context, attempt) {
    await attemptConversion(context, payload.id_ads_conversion_event, attempt);
  },
});

/** A refusal that a later try may get past: thrown so pg-boss runs the job again. */
class RetryLater extends Error {}

/** One attempt at an event; throws RetryLater when the job should run again. */
export async function attemptConversion(context: JobContext, id: number, attempt: Attempt): Promise<void> {
  const event = await repo.claimEvent(context.db, id, CLAIM_SECONDS);
  if (!event) {
    // held by a run that may have stopped (its claim has not run out yet): look again later rather than orphan it
    if ((await repo.statusOf(context.db, id)) === 'sending') throw new RetryLater('Another run holds the event.');
    return;
  }
  const result = await deliver(context, event).catch((error: Error): Result => ({
    delivery: { ok: false, retry: true, httpStatus: null, message: `Not sent: ${error.message ?? String(error)}` },
    summary: {},
  }));
  const at = new Date().toISOString();
  if ('skip' in result) {
    const outcome = result.skip === 'cancelled' ? 'cancelled' : 'skipped';
    await repo.recordOutcome(context.db, id, {
      status: outcome,
      error: result.reason,
      attempt: { at, httpStatus: null, outcome, message: result.reason },
    });
    return;
  }
  const { delivery, summary } = result;
  if (delivery.ok) {
    await repo.recordOutcome(context.db, id, {
      status: 'sent',
      error: null,
      summary,
      attempt: { at, httpStatus: delivery.httpStatus, outcome: 'sent', message: delivery.message },
    });
    return;
  }
  const again = delivery.retry && !attempt.last;
  const log: AdsEventAttempt = {
    at,
    httpStatus: delivery.httpStatus,
    outcome: again ? 'retry' : 'failed',
    message: delivery.message,
  };
  const delay = (context.config.env === 'test' ? 0 : RETRY_DELAY_SECONDS) * 2 ** (attempt.number - 1);
  await repo.recordOutcome(context.db, id, {
    status: again ? 'pending' : 'failed',
    error: delivery.message,
    summary,
    attempt: log,
    nextAttemptAt: again ? new Date(Date.now() + delay * 1000) : null,
  });
  context.log.warn({ id_ads_conversion_event: id, attempt: attempt.number, final: !again }, 'conversion not sent');
  if (again) throw new RetryLater(delivery.message);
}

type Result =
  { skip: 'skipped' | 'cancelled'; reason: string } | { delivery: Delivery; summary: Record<string, unknown> };

/** Checks the school's switch again (it may have been turned off since), builds the platform's payload and sends it. */
async function deliver(context: JobContext, event: repo.ClaimedEvent): Promise<Result> {
  const settings = await repo.sendingSettings(context.db, event.id_school);
  if (!settings?.enabled)
    return { skip: 'cancelled', reason: 'Conversion events were switched off before this one was sent.' };
  if (!(await repo.isLive(context.db, event.id_school, event.id_application)))
    return { skip: 'cancelled', reason: 'The application was deleted before this was sent.' };
  const eventName = EVENT_NAME[event.id_status];
  if (!eventName) return { skip: 'skipped', reason: 'Only the applied and enrolled stages are reported.' };
  const facts: ConversionFacts = {
    id_ads_conversion_event: event.id_ads_conversion_event,
    eventName,
    occurredAt: event.createdAt,
    campaign_id: event.campaign_id,
    ad_id: event.ad_id,
  };
  // the guardian's contact is read only when the school consented to sending it hashed
  const contact: Contact | null = settings.sendHashedContact
    ? await repo.guardianContact(context.db, event.id_school, event.id_application)
    : null;
  const base = {
    eventName,
    eventTime: facts.occurredAt.toISOString(),
    eventId: eventKey(facts.id_ads_conversion_event),
    campaign_id: facts.campaign_id,
    ad_id: facts.ad_id,
  };

  if (event.platform === AD_PLATFORM.FB_PIXEL) {
    if (!settings.pixelId || !settings.sealedAccessToken)
      return { skip: 'skipped', reason: 'The Meta pixel id or access token of the school is not configured.' };
    if (Date.now() - facts.occurredAt.getTime() > META_MAX_AGE_MS)
      return { skip: 'skipped', reason: 'Older than 7 days: Meta no longer accepts it.' };
    const payload = metaEvent(facts, contact);
    const identifiers = identifierNames(payload);
    if (identifiers.length === 0) return { skip: 'skipped', reason: noIdentifier(settings.sendHashedContact) };
    const accessToken = decryptSecret(context.secrets.encryptionKey, settings.sealedAccessToken);
    const delivery = await sendToMeta(context.config, { pixelId: settings.pixelId, accessToken }, payload);
    return { delivery, summary: { platform: 'fbPixel', ...base, identifiers } };
  }

  const actionId = event.id_status === STATUS.ENROLLED ? settings.enrolledActionId : settings.appliedActionId;
  if (!settings.customerId || !actionId)
    return {
      skip: 'skipped',
      reason: `The Google Ads customer id or the ${eventName} conversion action is not configured.`,
    };
  if (!context.config.ads.googleAds)
    return { skip: 'skipped', reason: 'Google Ads credentials (GOOGLE_ADS_*) are not configured on this server.' };
  const payload = googleConversion(facts, { customerId: settings.customerId, conversionActionId: actionId }, contact);
  const identifiers = identifierNames(payload);
  if (identifiers.length === 0) return { skip: 'skipped', reason: noIdentifier(settings.sendHashedContact) };
  const delivery = await sendToGoogle(context.config, { customerId: customerDigits(settings.customerId) }, payload);
  return {
    delivery,
    summary: { platform: 'googleAds', ...base, conversionAction: payload.conversionAction, identifiers },
  };
}

/** Without a click id (OpenSeat stores none) a platform can match a conversion only by the hashed contact. */
const noIdentifier = (consented: boolean) =>
  consented
    ? 'The guardian has no e-mail or phone on file to match the conversion by.'
    : 'Nothing to match the conversion by: sending the hashed contact is switched off.';
