import { z } from 'zod';
import { STATUS } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import { defineJob, type JobContext } from '../../jobs/job';
import { queueAccountMail } from '../account-mail/account-mail.service';
import * as repo from './school-years.repository';

/** Applications copied per transaction: progress moves on after each. */
export const COPY_CHUNK = 100;

/** A copy keeps these statuses; the others (a seat, a waiting place, a final answer) start again as applied. */
const KEPT_STATUSES = [STATUS.LEAD, STATUS.LEAD_2, STATUS.LEAD_3, STATUS.CONTACTED, STATUS.APPLIED, STATUS.DENIED];

async function finish(id_application_copy: number, context: JobContext) {
  await context.db.transaction(async (tx) => {
    const copy = await repo.findCopy(tx, id_application_copy);
    if (!copy || copy.status === 'done') return;
    await repo.updateCopy(tx, id_application_copy, { status: 'done', processed: copy.total, finishedAt: new Date() });
    const requester = copy.id_user ? await repo.userEmail(tx, copy.id_user) : undefined;
    if (!requester?.isActive || !copy.id_user) return;
    const year = await repo.schoolYearName(tx, copy.id_school_year);
    const body = translate('copyDoneBody', copy.lng, {
      copied: copy.copied,
      schoolYear: year,
      already: copy.total - copy.copied,
    });
    // the mail is queued with the 'done' mark: a retry after this commit finds the copy done and sends nothing
    await queueAccountMail(tx, context, {
      id_user: copy.id_user,
      kind: 'application_copy_done',
      to: requester.email,
      subject: translate('copyDoneSubject', copy.lng),
      text: body,
    });
  });
}

/**
 * Copies the applications of one `application_copy` to its school year, chunk by chunk, then mails the requester.
 * At-least-once safe: a chunk copied before an interruption is skipped when the job runs again (no duplicates),
 * and the mail is queued once, with the mark that the copy is done.
 */
export const copyApplications = defineJob({
  name: 'application-copy.run',
  payload: z.object({ id_application_copy: z.number().int().positive() }),
  retryLimit: 5,
  // a crashed process's copy comes back a job lease after the crash, then waits this before it goes on
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  idempotencyKey: ({ id_application_copy }) => `application-copy:${id_application_copy}`,
  async handle({ id_application_copy }, context, attempt) {
    const copy = await repo.findCopy(context.db, id_application_copy);
    if (!copy || copy.status === 'done' || copy.status === 'failed') return;
    await repo.updateCopy(context.db, id_application_copy, { status: 'working' });
    try {
      for (let start = 0; start < copy.applicationIds.length; start += COPY_CHUNK) {
        const ids = copy.applicationIds.slice(start, start + COPY_CHUNK);
        await context.db.transaction(async (tx) => {
          const made = await repo.copyChunk(
            tx,
            { id_school: copy.id_school, id_school_year: copy.id_school_year, ids, id_user: copy.id_user },
            KEPT_STATUSES,
            STATUS.APPLIED,
          );
          const current = await repo.findCopy(tx, id_application_copy);
          await repo.updateCopy(tx, id_application_copy, {
            processed: Math.min(copy.total, start + ids.length),
            copied: (current?.copied ?? 0) + made.length,
          });
        });
      }
    } catch (err) {
      if (attempt.last)
        await repo.updateCopy(context.db, id_application_copy, { status: 'failed', error: String(err).slice(0, 1000) });
      throw err;
    }
    await finish(id_application_copy, context);
  },
});
