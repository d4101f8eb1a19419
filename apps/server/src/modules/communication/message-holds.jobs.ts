import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { releaseDue } from './message-holds.service';

/**
 * Every minute, releases the held messages whose scheduled time has come (a results day). Safe to run twice: each
 * hold is released under its row lock, once.
 */
export const releaseDueHoldsJob = defineJob({
  name: 'message-holds.release-due',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
  idempotencyKey: () => 'message-holds:release-due',
  schedule: { cron: '* * * * *' },
  async handle(_payload, context) {
    await releaseDue(context);
  },
});
