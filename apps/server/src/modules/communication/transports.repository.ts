import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';

/** The school's own provider settings (SendGrid key, Twilio account), secrets still encrypted; none for most. */
export const schoolSettings = async (db: Executor, id_school: number) =>
  (
    await db
      .select({
        sendgrid_api_key_encrypted: s.schoolConfiguration.sendgrid_api_key_encrypted,
        twilio_account_sid: s.schoolConfiguration.twilio_account_sid,
        twilio_auth_token_encrypted: s.schoolConfiguration.twilio_auth_token_encrypted,
      })
      .from(s.schoolConfiguration)
      .where(eq(s.schoolConfiguration.id_school, id_school))
  )[0];
