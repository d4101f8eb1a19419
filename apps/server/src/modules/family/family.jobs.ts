import { FAMILY_LINK_MINUTES } from '@openseat/shared/schemas/family';
import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { decryptSecret } from '../../lib/crypto';
import { SendRefused, Transports } from '../communication/transports.service';
import * as repo from './family-sms.repository';

/**
 * Sends one sign-in code by text message, through the school's Twilio account from the campus's number (else
 * TWILIO_FROM). Safe to run again: a code already sent, given up or past its 30 minutes is not sent. A refusal that a
 * retry cannot mend (a bad number) gives up at once.
 */
export const sendSignInSms = defineJob({
  name: 'family.sign-in-sms',
  payload: z.object({ id_guardian_sign_in_sms: z.number().int().positive() }),
  retryLimit: 5,
  // a results day: many codes within minutes, each good for 30 of them
  batchSize: 25,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  idempotencyKey: ({ id_guardian_sign_in_sms }) => `family-sign-in-sms:${id_guardian_sign_in_sms}`,
  async handle({ id_guardian_sign_in_sms: id }, context, attempt) {
    const row = await repo.findSignInSms(context.db, id);
    if (!row || row.status !== 'pending' || !row.sealedBody) return;
    if (Date.now() - row.createdAt.getTime() > FAMILY_LINK_MINUTES * 60_000) {
      await repo.recordSignInSmsFailure(context.db, id, 'The code expired before it could be sent', true);
      return;
    }
    const transports = new Transports(context);
    let providerId: string;
    try {
      const sender = await transports.smsFor(row.id_school);
      // the development catcher shows its SMS to system users: a code there would open the guardian's portal
      if (sender.kind !== 'twilio') throw new SendRefused('The school no longer has an SMS account', true);
      ({ providerId } = await sender.send({
        to: row.recipient,
        from: row.campusPhone?.trim() || null,
        body: decryptSecret(context.secrets.encryptionKey, row.sealedBody),
        statusCallback: null,
      }));
    } catch (error) {
      const final = attempt.last || (error instanceof SendRefused && error.permanent);
      context.log.warn({ id_guardian_sign_in_sms: id, attempt: attempt.number, final }, 'sign-in SMS not sent');
      await repo.recordSignInSmsFailure(context.db, id, String((error as Error).message ?? error), final);
      if (final) return;
      throw error;
    } finally {
      transports.close();
    }
    await repo.markSignInSmsSent(context.db, id, providerId);
  },
});
